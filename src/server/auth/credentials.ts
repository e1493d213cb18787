/** An authenticated caller. */
export interface Identity {
  accessKey: string
  /** The root credential may do everything. */
  root: boolean
}

/**
 * Looks up secret keys by access key. Only the root credential exists for now; IAM users
 * (admin API) will add entries behind the same interface.
 */
export interface CredentialStore {
  /** The secret key of `accessKey`, or `undefined` when the key is unknown (or disabled). */
  secretOf(accessKey: string): string | undefined
  identityOf(accessKey: string): Identity
}

/** A root access key / secret key pair. */
export interface RootCredential {
  accessKey: string
  secretKey: string
}

/**
 * A store holding only the root credential.
 * @example createRootCredentialStore({ accessKey: 'siloadmin', secretKey: 'siloadmin' }).secretOf('siloadmin')
 */
export function createRootCredentialStore(root: RootCredential): CredentialStore {
  return {
    secretOf: (accessKey) => (accessKey === root.accessKey ? root.secretKey : undefined),
    identityOf: (accessKey) => ({ accessKey, root: accessKey === root.accessKey }),
  }
}
