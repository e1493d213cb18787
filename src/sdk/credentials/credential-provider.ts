/**
 * `CredentialProvider`: where a client gets its credentials before each request
 * (`setCredentialsProvider`, or the `credentialsProvider` client option). This base class hands
 * out the credentials it holds; subclasses override `getCredentials` to fetch and refresh
 * temporary ones (minio-js's AssumeRoleProvider and IamAwsProvider are such subclasses).
 */
import { Credentials, type CredentialsInit } from './credentials.js'

/**
 * A source of credentials.
 * @example
 * class VaultProvider extends CredentialProvider {
 *   override async getCredentials() { return new Credentials(await readFromVault()) }
 * }
 * await client.setCredentialsProvider(new VaultProvider({ accessKey: '', secretKey: '' }))
 */
export class CredentialProvider {
  #credentials: Credentials

  constructor({ accessKey, secretKey, sessionToken }: CredentialsInit) {
    this.#credentials = new Credentials({ accessKey, secretKey, sessionToken })
  }

  /**
   * The credentials to sign the next request with.
   * @example
   * const creds = await provider.getCredentials()
   */
  async getCredentials(): Promise<Credentials> {
    return this.#credentials.get()
  }

  /**
   * Replaces the credentials handed out.
   * @example
   * provider.setCredentials(new Credentials({ accessKey: 'AK2', secretKey: 'SK2' }))
   */
  setCredentials(credentials: Credentials): void {
    if (!(credentials instanceof Credentials))
      throw new Error('Unable to set Credentials. it should be an instance of Credentials class')
    this.#credentials = credentials
  }

  /**
   * Replaces the access key.
   * @example
   * provider.setAccessKey('AK2')
   */
  setAccessKey(accessKey: string): void {
    this.#credentials.setAccessKey(accessKey)
  }

  /**
   * The access key.
   * @example
   * provider.getAccessKey() // 'AK'
   */
  getAccessKey(): string {
    return this.#credentials.getAccessKey()
  }

  /**
   * Replaces the secret key.
   * @example
   * provider.setSecretKey('SK2')
   */
  setSecretKey(secretKey: string): void {
    this.#credentials.setSecretKey(secretKey)
  }

  /**
   * The secret key.
   * @example
   * provider.getSecretKey() // 'SK'
   */
  getSecretKey(): string {
    return this.#credentials.getSecretKey()
  }

  /**
   * Replaces the session token.
   * @example
   * provider.setSessionToken('token')
   */
  setSessionToken(sessionToken: string): void {
    this.#credentials.setSessionToken(sessionToken)
  }

  /**
   * The session token, if any.
   * @example
   * provider.getSessionToken() // undefined
   */
  getSessionToken(): string | undefined {
    return this.#credentials.getSessionToken()
  }
}
