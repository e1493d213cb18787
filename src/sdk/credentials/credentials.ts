/**
 * `Credentials`: an access key, secret key and optional session token, with minio-js's getters
 * and setters, so code written for minio-js's credential providers works unchanged.
 */

/** The fields `Credentials` is made from. */
export interface CredentialsInit {
  accessKey: string
  secretKey: string
  sessionToken?: string | undefined
}

/**
 * A set of credentials.
 * @example
 * const creds = new Credentials({ accessKey: 'AK', secretKey: 'SK' })
 * creds.getAccessKey() // 'AK'
 */
export class Credentials {
  accessKey: string
  secretKey: string
  sessionToken?: string | undefined

  constructor({ accessKey, secretKey, sessionToken }: CredentialsInit) {
    this.accessKey = accessKey
    this.secretKey = secretKey
    this.sessionToken = sessionToken
  }

  /**
   * Replaces the access key.
   * @example
   * creds.setAccessKey('AK2')
   */
  setAccessKey(accessKey: string): void {
    this.accessKey = accessKey
  }

  /**
   * The access key.
   * @example
   * creds.getAccessKey() // 'AK'
   */
  getAccessKey(): string {
    return this.accessKey
  }

  /**
   * Replaces the secret key.
   * @example
   * creds.setSecretKey('SK2')
   */
  setSecretKey(secretKey: string): void {
    this.secretKey = secretKey
  }

  /**
   * The secret key.
   * @example
   * creds.getSecretKey() // 'SK'
   */
  getSecretKey(): string {
    return this.secretKey
  }

  /**
   * Replaces the session token.
   * @example
   * creds.setSessionToken('token')
   */
  setSessionToken(sessionToken: string): void {
    this.sessionToken = sessionToken
  }

  /**
   * The session token, if any.
   * @example
   * creds.getSessionToken() // undefined
   */
  getSessionToken(): string | undefined {
    return this.sessionToken
  }

  /**
   * These credentials (minio-js's `get()`).
   * @example
   * const same = creds.get()
   */
  get(): Credentials {
    return this
  }
}
