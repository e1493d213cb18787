/** The part of `AdminClient` its method groups build on: options, transport, body sealing. */
import { platform } from '#platform'
import { decryptAdminBody, encryptAdminBody } from '../../shared/admin-crypto/index.js'
import { type ClientOptions, resolveClientOptions } from '../client-options.js'
import { InvalidArgumentError } from '../errors.js'
import type { WireResponse } from '../platform/types.js'
import { AdminTransport } from './admin-transport.js'

/**
 * Validated options and the admin transport; `AdminClient`'s method groups extend this class.
 * @example
 * class AdminClient extends AdminServiceMethods {} // AdminServiceMethods extends AdminClientCore
 */
export class AdminClientCore {
  /** @internal Signs and sends admin requests. */
  protected readonly transport: AdminTransport

  /**
   * Takes the same options as `Client`; the access and secret keys must be the server's root
   * credential (the admin API accepts no other).
   * @example
   * const admin = new AdminClient({ endPoint: 'localhost', port: 9000, useSSL: false, accessKey: 'siloadmin', secretKey: 'siloadmin' })
   */
  constructor(options: ClientOptions) {
    const resolved = resolveClientOptions(options)
    if (resolved.anonymous) {
      throw new InvalidArgumentError('AdminClient needs accessKey and secretKey (the root credential)')
    }
    this.transport = new AdminTransport(resolved, platform)
  }

  /** @internal Encrypts a JSON value with the secret key for a secret-carrying request. */
  protected seal(value: unknown): Promise<Uint8Array> {
    return encryptAdminBody(this.transport.options.secretKey, JSON.stringify(value))
  }

  /** @internal Reads and decrypts a secret-carrying response into text. */
  protected async unseal(res: WireResponse): Promise<string> {
    const chunks: Uint8Array[] = []
    for await (const chunk of await res.stream()) chunks.push(chunk as Uint8Array)
    const bytes = new Uint8Array(chunks.reduce((n, c) => n + c.byteLength, 0))
    let offset = 0
    for (const chunk of chunks) {
      bytes.set(chunk, offset)
      offset += chunk.byteLength
    }
    return new TextDecoder().decode(await decryptAdminBody(this.transport.options.secretKey, bytes))
  }
}
