/**
 * How `AdminClient` reaches `/silo/admin/...`: the SDK's signer and platform sender, always
 * path style, with the body's real SHA-256 signed (the admin API refuses UNSIGNED-PAYLOAD) and
 * an empty region in the credential scope, so a server whose region changed still accepts it.
 */
import type { ResolvedClientOptions } from '../client-options.js'
import type { HttpSend, Platform, WireResponse } from '../platform/types.js'
import { formatHostHeader } from '../transport/endpoint.js'
import { createSigner, type SignRequest } from '../transport/signer.js'
import { buildQueryString, escapeUri } from '../transport/uri-escape.js'
import { parseAdminError } from './admin-error.js'

/** One admin request: method, path segments after `/silo/admin/`, query and body. */
export interface AdminRequest {
  method: 'GET' | 'PUT' | 'POST' | 'DELETE'
  /** Unescaped path segments, e.g. `['v1', 'users', 'bot']`. */
  path: readonly string[]
  query?: Readonly<Record<string, string>>
  body?: Uint8Array
  contentType?: string
}

/**
 * Signs and sends admin requests for one `AdminClient`.
 * @example
 * const res = await transport.send({ method: 'GET', path: ['v1', 'info'] })
 */
export class AdminTransport {
  readonly options: ResolvedClientOptions
  readonly #platform: Platform
  readonly #sign: SignRequest
  readonly #send: HttpSend

  constructor(options: ResolvedClientOptions, platform: Platform) {
    this.options = options
    this.#platform = platform
    this.#sign = createSigner(options, platform.sigv4)
    this.#send = platform.createSend(options)
  }

  /** Sends a request; resolves with a 2xx response, rejects with `S3Error` otherwise. */
  async send(request: AdminRequest): Promise<WireResponse> {
    const { options } = this
    const body = request.body ?? new Uint8Array(0)
    const path = `/silo/admin/${request.path.map(escapeUri).join('/')}`
    let headers: Record<string, string> = {
      host: formatHostHeader(options, options.host),
      'x-amz-content-sha256': this.#platform.sigv4.sha256Hex(body),
      'content-length': String(body.byteLength),
    }
    if (request.contentType) headers['content-type'] = request.contentType
    if (this.#platform.userAgent !== undefined) headers['user-agent'] = this.#platform.userAgent
    const signable = { method: request.method, protocol: options.protocol, hostname: options.host, path }
    headers = this.#sign({ ...signable, query: request.query, headers }, '', new Date())
    const query = request.query === undefined ? '' : buildQueryString(request.query)
    const res = await this.#send({
      ...signable,
      port: options.port,
      path: query === '' ? path : `${path}?${query}`,
      headers,
      body: body.byteLength === 0 ? undefined : body,
    })
    if (res.status >= 300) throw await parseAdminError(res)
    return res
  }

  /** Sends a request and parses its JSON answer. */
  async json<T>(request: AdminRequest): Promise<T> {
    return JSON.parse(await (await this.send(request)).text()) as T
  }

  /** Sends a request whose answer has no body. */
  async empty(request: AdminRequest): Promise<void> {
    await (await this.send(request)).discard()
  }
}
