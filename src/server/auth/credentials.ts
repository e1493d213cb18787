import type { Iam } from '../iam/iam.js'

/** An authenticated caller, or the anonymous one. */
export interface Identity {
  /** '' for anonymous requests. */
  accessKey: string
  /** The root credential may do everything. */
  root: boolean
  /** No credentials at all: only a bucket policy can allow the request. */
  anonymous?: boolean
  /** An IAM user an administrator disabled: refused once its signature checks out. */
  disabled?: boolean
}

/** The caller of an unsigned request. */
export const ANONYMOUS: Identity = Object.freeze({ accessKey: '', root: false, anonymous: true })

/** Looks up secret keys by access key: the root credential and IAM users. */
export interface CredentialStore {
  /**
   * The secret key of `accessKey`, or `undefined` when the key is unknown. A disabled user's
   * secret is returned, so that only a caller who proves the secret learns it is disabled.
   */
  secretOf(accessKey: string): string | undefined
  identityOf(accessKey: string): Identity
}

/** A root access key / secret key pair. */
export interface RootCredential {
  accessKey: string
  secretKey: string
}

/**
 * A store holding only a fixed root credential (tests, tools).
 * @example createRootCredentialStore({ accessKey: 'siloadmin', secretKey: 'siloadmin' }).secretOf('siloadmin')
 */
export function createRootCredentialStore(root: RootCredential): CredentialStore {
  return {
    secretOf: (accessKey) => (accessKey === root.accessKey ? root.secretKey : undefined),
    identityOf: (accessKey) => ({ accessKey, root: accessKey === root.accessKey }),
  }
}

/**
 * The server's store: the root credential in effect (which the admin API can rotate) and the
 * IAM users, read from `iam`'s in-memory caches on every lookup so changes apply at once.
 *
 * @example createIamCredentialStore(iam).identityOf('reporting-bot') // { accessKey, root: false }
 */
export function createIamCredentialStore(iam: Iam): CredentialStore {
  return {
    secretOf(accessKey) {
      const root = iam.root.current
      if (accessKey === root.accessKey) return root.secretKey
      return iam.users.get(accessKey)?.secretKey
    },
    identityOf(accessKey) {
      if (accessKey === iam.root.current.accessKey) return { accessKey, root: true }
      const user = iam.users.get(accessKey)
      return user?.status === 'disabled'
        ? { accessKey, root: false, disabled: true }
        : { accessKey, root: false }
    },
  }
}
