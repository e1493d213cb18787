/**
 * The part of `Client` every method group builds on: options, and the one transport.
 */
import { platform } from '#platform'
import { type ClientOptions, resolveClientOptions } from './client-options.js'
import { type RequestOptions, resolveRequestOptions } from './request-options/request-options.js'
import { Transport } from './transport/transport.js'

/**
 * Validated options and the transport; method groups extend this class.
 * @example
 * class Client extends ObjectMethods {} // ObjectMethods extends BucketMethods extends ClientCore
 */
export class ClientCore {
  /** @internal The signed-request transport all operations go through. */
  protected readonly transport: Transport

  /**
   * Validates the options (throws `InvalidEndpointError` / `InvalidArgumentError` naming the bad one).
   * @example
   * const client = new Client({ endPoint: 'localhost', port: 9000, useSSL: false, accessKey: 'AK', secretKey: 'SK' })
   */
  constructor(options: ClientOptions) {
    this.transport = new Transport(resolveClientOptions(options), platform)
  }

  /**
   * Sets Node HTTP/TLS options for every later request (`ca`, `cert`, `key`,
   * `rejectUnauthorized`, `servername`, `agent`, `timeout`, …), replacing earlier ones. Unlike
   * minio-js, `agent` and `timeout` take effect: `agent` here wins over `transportAgent`, and
   * `timeout` fails a request idle that many milliseconds with `TimeoutError`. Browsers ignore
   * them (the browser owns TLS). Throws `InvalidArgumentError` for an unknown option.
   * @example
   * client.setRequestOptions({ ca: readFileSync('public.crt'), timeout: 30_000 })
   */
  setRequestOptions(options: RequestOptions): void {
    this.transport.options.requestOptions = resolveRequestOptions(options)
  }

  /**
   * The endpoint host (lower-case).
   * @example
   * new Client({ endPoint: 'S3.Example.com' }).host // 's3.example.com'
   */
  get host(): string {
    return this.transport.options.host
  }

  /**
   * The port requests go to.
   * @example
   * new Client({ endPoint: 'localhost', useSSL: false }).port // 80
   */
  get port(): number {
    return this.transport.options.port
  }

  /**
   * `'https:'` or `'http:'`.
   * @example
   * new Client({ endPoint: 'localhost' }).protocol // 'https:'
   */
  get protocol(): 'http:' | 'https:' {
    return this.transport.options.protocol
  }

  /**
   * The configured region, or undefined when regions are looked up per bucket.
   * @example
   * new Client({ endPoint: 'localhost', region: 'eu-west-1' }).region // 'eu-west-1'
   */
  get region(): string | undefined {
    return this.transport.options.region
  }

  /**
   * The multipart part size in bytes.
   * @example
   * new Client({ endPoint: 'localhost' }).partSize // 67108864
   */
  get partSize(): number {
    return this.transport.options.partSize
  }

  /**
   * The access key ('' for an anonymous client).
   * @example
   * new Client({ endPoint: 'localhost', accessKey: 'AK', secretKey: 'SK' }).accessKey // 'AK'
   */
  get accessKey(): string {
    return this.transport.options.accessKey
  }

  /**
   * Whether requests go unsigned (no access key or secret key).
   * @example
   * new Client({ endPoint: 'localhost' }).anonymous // true
   */
  get anonymous(): boolean {
    return this.transport.options.anonymous
  }
}
