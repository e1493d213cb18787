import type { ObjectLayer } from '../storage/object-layer.js'

/** The system document holding a root credential set through the admin API. */
export const ROOT_CREDENTIAL_PATH = 'iam/root-credential.json'

/** A root access key / secret key pair. */
export interface RootCredential {
  accessKey: string
  secretKey: string
}

/**
 * The root (admin) credential in effect. It starts as the one given to `createServer` (options,
 * environment or the documented default); a credential set with the admin API's `credential`
 * operation is persisted and from then on overrides those, across restarts.
 *
 * @example
 * const root = new RootCredentialHolder(storage, { accessKey: 'siloadmin', secretKey: 'siloadmin' })
 * await root.load(); root.current.accessKey
 */
export class RootCredentialHolder {
  readonly #storage: ObjectLayer
  readonly #initial: RootCredential
  #current: RootCredential
  #persisted = false

  constructor(storage: ObjectLayer, initial: RootCredential) {
    this.#storage = storage
    this.#initial = { ...initial }
    this.#current = { ...initial }
  }

  get current(): Readonly<RootCredential> {
    return this.#current
  }

  /** Whether the credential in effect came from the admin API (not from options or env). */
  get persisted(): boolean {
    return this.#persisted
  }

  /** Reads the persisted credential, if one was ever set; otherwise the initial one applies. */
  async load(): Promise<void> {
    const text = await this.#storage.getSystemDocument(ROOT_CREDENTIAL_PATH)
    if (text === undefined) {
      this.#current = { ...this.#initial }
      this.#persisted = false
      return
    }
    const { accessKey, secretKey } = JSON.parse(text) as RootCredential
    this.#current = { accessKey, secretKey }
    this.#persisted = true
  }

  /** Persists a new credential, then switches to it: the old one stops working at once. */
  async set(credential: RootCredential): Promise<void> {
    const next = { accessKey: credential.accessKey, secretKey: credential.secretKey }
    await this.#storage.putSystemDocument(ROOT_CREDENTIAL_PATH, JSON.stringify(next))
    this.#current = next
    this.#persisted = true
  }
}
