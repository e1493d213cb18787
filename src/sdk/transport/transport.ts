/**
 * The one signed-request transport. Every operation hands it an `S3Request` and a parser; the
 * pipeline is addressing → region → sign → send → error → parse. Nothing else in the SDK calls
 * http, fetch or the signer.
 */
import type { ResolvedClientOptions } from '../client-options.js'
import { DEFAULT_REGION } from '../constants.js'
import { InvalidArgumentError, type S3Error } from '../errors.js'
import type { HttpSend, Platform, WireResponse } from '../platform/types.js'
import { lookupBucketRegion } from './bucket-region.js'
import { type Address, createAddressing, isAmazonHost } from './endpoint.js'
import type { TraceEntry, TransportExtras } from './extras.js'
import { contentLength, isReplayable, payloadHash } from './payload.js'
import { RegionCache } from './region-cache.js'
import type { S3Request } from './request.js'
import { parseErrorResponse } from './response-error.js'
import { type Credentials, createSigner, type SignRequest } from './signer.js'
import { buildQueryString } from './uri-escape.js'

/**
 * Sends S3 requests for one client.
 * @example
 * const transport = new Transport(resolveClientOptions({ endPoint: 'localhost' }), platform)
 * const buckets = await transport.call({ method: 'GET' }, parseListBuckets)
 */
export class Transport {
  readonly options: ResolvedClientOptions
  readonly regions: RegionCache
  /** Settings changed after construction: app info, trace, credentials provider, acceleration. */
  readonly extras: TransportExtras = {}
  readonly #address: (bucket?: string, key?: string) => Address
  #sign: SignRequest | undefined
  #accelerated: { endpoint: string; address: (bucket?: string, key?: string) => Address } | undefined
  readonly #send: HttpSend
  readonly #platform: Platform

  constructor(options: ResolvedClientOptions, platform: Platform) {
    this.options = options
    this.#platform = platform
    this.#address = createAddressing({
      protocol: options.protocol,
      host: options.host,
      port: options.port,
      pathStyle: options.pathStyle,
    })
    this.#sign = options.anonymous ? undefined : createSigner(options, platform.sigv4)
    this.#send = platform.createSend(options)
    this.regions = new RegionCache((bucket) => lookupBucketRegion((r) => this.request(r), bucket))
  }

  /** Sends a request and parses its successful response; failures reject with `S3Error` and friends. */
  call<T>(request: S3Request, parse: (res: WireResponse) => T | Promise<T>): Promise<T> {
    return this.request(request).then(parse)
  }

  /** Sends a request; resolves with a 2xx response whose body the caller must read or discard. */
  request(request: S3Request): Promise<WireResponse> {
    // The usual case (fixed credentials, a known region) without an async function's extra
    // promise and turns; small requests spend much of their time on such things.
    if (this.extras.credentials === undefined) {
      const region = this.regionFor(request)
      if (typeof region === 'string') {
        let sent: Promise<WireResponse>
        try {
          sent = this.#dispatch(request, region)
        } catch (error) {
          // As from an async function: a request that cannot be made rejects, it does not throw.
          return Promise.reject(error)
        }
        return sent.then((res) => (res.status < 300 ? res : this.#failed(request, region, res)))
      }
    }
    return this.#requestSlowly(request)
  }

  async #requestSlowly(request: S3Request): Promise<WireResponse> {
    if (this.extras.credentials !== undefined) this.useCredentials(await this.extras.credentials())
    const pending = this.regionFor(request)
    const region = typeof pending === 'string' ? pending : await pending
    const res = await this.#dispatch(request, region)
    return res.status < 300 ? res : this.#failed(request, region, res)
  }

  // An error answer: parsed and thrown, or (a region correction) the request sent again.
  async #failed(request: S3Request, region: string, res: WireResponse): Promise<WireResponse> {
    const error = await parseErrorResponse(res, request)
    const traced = pendingTraces.get(res)
    traced?.trace({ ...traced.entry, error })
    if (request.bucket !== undefined) {
      if (error.code === 'NoSuchBucket') this.regions.delete(request.bucket)
      if (this.#isWrongRegion(request, region, error)) {
        // The server named the bucket's real region: remember it and try once more.
        this.regions.set(request.bucket, error.region!)
        return this.request(request)
      }
    }
    throw error
  }

  /**
   * Signs later requests (and presigns) with these credentials; a no-op when they are the ones
   * in use. What `setCredentialsProvider` feeds.
   */
  useCredentials(credentials: Credentials): void {
    const { options } = this
    const sessionToken = credentials.sessionToken || undefined
    if (
      this.#sign !== undefined &&
      options.accessKey === credentials.accessKey &&
      options.secretKey === credentials.secretKey &&
      options.sessionToken === sessionToken
    )
      return
    options.accessKey = credentials.accessKey
    options.secretKey = credentials.secretKey
    options.sessionToken = sessionToken
    options.anonymous = credentials.accessKey === '' || credentials.secretKey === ''
    this.#sign = options.anonymous ? undefined : createSigner(options, this.#platform.sigv4)
  }

  /** The region a request is signed for: explicit, configured, cached or looked up. */
  regionFor(request: S3Request): string | Promise<string> {
    if (request.region !== undefined) return request.region
    if (this.options.region !== undefined) return this.options.region
    return request.bucket === undefined ? DEFAULT_REGION : this.regions.get(request.bucket)
  }

  #isWrongRegion(request: S3Request, region: string, error: S3Error): boolean {
    return (
      error.code === 'AuthorizationHeaderMalformed' &&
      error.region !== undefined &&
      error.region !== region &&
      request.region === undefined &&
      this.options.region === undefined &&
      isReplayable(request.body)
    )
  }

  #dispatch(request: S3Request, region: string): Promise<WireResponse> {
    const { method, body } = request
    const address = this.#addressOf(request)
    const { protocol } = this.options
    let headers: Record<string, string> = { host: address.hostHeader }
    const { userAgent } = this.#platform
    const { appInfo } = this.extras
    if (userAgent !== undefined) headers['user-agent'] = appInfo ? `${userAgent} ${appInfo}` : userAgent
    const extra = request.headers
    if (extra !== undefined) for (const name in extra) headers[name] = extra[name]!
    if (body !== undefined || method === 'PUT' || method === 'POST')
      headers['content-length'] = contentLength(body)
    const { query } = request
    if (this.#sign !== undefined) {
      const unsigned = this.options.useSSL || request.unsignedPayload === true
      headers['x-amz-content-sha256'] = payloadHash(body, unsigned, this.#platform.sigv4.sha256Hex)
      headers = this.#sign(
        { method, protocol, hostname: address.hostname, path: address.path, query, headers },
        region,
        new Date(),
      )
    }
    const queryString = query === undefined ? '' : buildQueryString(query)
    const path = queryString === '' ? address.path : `${address.path}?${queryString}`
    const sent = this.#send({
      method,
      protocol,
      hostname: address.hostname,
      port: this.options.port,
      path,
      headers,
      body,
      signal: request.signal,
      onSent: request.onSent,
    })
    const { trace } = this.extras
    return trace === undefined ? sent : traced(sent, trace, { method, path, requestHeaders: headers })
  }

  // Requests for an object go to the acceleration endpoint when one is set and the client
  // talks to AWS's global endpoint (as minio-js does); everything else to the client's endpoint.
  #addressOf(request: S3Request): Address {
    const endpoint = this.extras.accelerateEndpoint
    const { bucket, key } = request
    if (!endpoint || !bucket || !key || !isAmazonHost(this.options.host)) return this.#address(bucket, key)
    if (bucket.includes('.')) {
      throw new InvalidArgumentError(
        `Transfer Acceleration is not supported for non compliant bucket:${bucket}`,
      )
    }
    if (this.#accelerated?.endpoint !== endpoint) {
      const { protocol, port } = this.options
      const address = createAddressing({ protocol, port, host: endpoint, pathStyle: false })
      this.#accelerated = { endpoint, address }
    }
    return this.#accelerated.address(bucket, key)
  }
}

// Error answers wait for their parsed error (`request` reports them); keyed by the response.
const pendingTraces = new WeakMap<WireResponse, { trace: (entry: TraceEntry) => void; entry: TraceEntry }>()

// Reports a request to the trace once its answer (or failure) is known.
function traced(
  sent: Promise<WireResponse>,
  trace: (entry: TraceEntry) => void,
  request: TraceEntry,
): Promise<WireResponse> {
  return sent.then(
    (res) => {
      const entry = { ...request, status: res.status, responseHeaders: res.headers }
      if (res.status < 300) trace(entry)
      else pendingTraces.set(res, { trace, entry })
      return res
    },
    (error: Error) => {
      trace({ ...request, error })
      throw error
    },
  )
}
