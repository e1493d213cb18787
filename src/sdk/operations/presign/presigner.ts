/**
 * SigV4 query signing (presigned URLs) for one client. Built from the shared pieces in
 * src/shared/sigv4 (the X-Amz-* parameters, canonical query, canonical request) that AWS's test
 * vectors check; the signing key is derived once per day and region, and the `X-Amz-Date` of a
 * second is formatted once, so a URL costs one SHA-256 and one HMAC — no network round-trip.
 */
import { canonicalQueryString } from '../../../shared/sigv4/canonical-query.js'
import { createCanonicalRequest } from '../../../shared/sigv4/canonical-request.js'
import { SIGV4_ALGORITHM, UNSIGNED_PAYLOAD } from '../../../shared/sigv4/constants.js'
import { toHex } from '../../../shared/sigv4/crypto.js'
import { buildPresignedQuery } from '../../../shared/sigv4/presigned-query.js'
import { createCredentialScope, formatAmzDate } from '../../../shared/sigv4/scope.js'
import type { ResolvedClientOptions } from '../../client-options.js'
import type { Sha256Constructor } from '../../platform/types.js'
import { type Address, createAddressing } from '../../transport/endpoint.js'
import { deriveSigningKeyAsync, type HmacKey, hmacSha256, sha256Hex } from './hmac.js'

/** One URL to sign. */
export interface PresignInput {
  method: string
  bucket: string | undefined
  key: string | undefined
  /** Extra query parameters (decoded), signed with the URL. */
  query: ReadonlyArray<readonly [string, string]>
  region: string
  /** Seconds, 1 to 604800 (checked by the caller). */
  expires: number
  date: Date
}

/**
 * Signs presigned URLs for one set of credentials and one endpoint.
 * @example
 * const presigner = new Presigner(transport.options, platform.Sha256)
 * const url = await presigner.presign({ method: 'GET', bucket: 'photos', key: 'a.jpg', query: [],
 *   region: 'us-east-1', expires: 3600, date: new Date() })
 */
export class Presigner {
  readonly #options: ResolvedClientOptions
  readonly #Sha256: Sha256Constructor
  readonly #address: (bucket?: string, key?: string) => Address
  readonly #keys = new Map<string, Promise<HmacKey>>()
  #keysOf = ''
  #second = Number.NaN
  #amzDate = ''
  #lastAuth = { id: '', query: '' }

  constructor(options: ResolvedClientOptions, Sha256: Sha256Constructor) {
    this.#options = options
    this.#Sha256 = Sha256
    this.#address = createAddressing(options)
  }

  /** The presigned URL for `input`. */
  async presign(input: PresignInput): Promise<string> {
    const { accessKey, sessionToken, protocol } = this.#options
    const amzDate = this.#formatDate(input.date)
    const date = amzDate.slice(0, 8)
    const scope = createCredentialScope(date, input.region)
    const address = this.#address(input.bucket, input.key)
    const auth = buildPresignedQuery({
      accessKey,
      scope,
      amzDate,
      expires: input.expires,
      signedHeaders: 'host',
      ...(sessionToken ? { sessionToken } : {}),
    })
    const query =
      input.query.length === 0 ? this.#authQuery(auth) : canonicalQueryString([...input.query, ...auth])
    const canonicalRequest = createCanonicalRequest({
      method: input.method,
      uri: address.path,
      query,
      headers: `host:${address.hostHeader}\n`,
      signedHeaders: 'host',
      payloadHash: UNSIGNED_PAYLOAD,
    })
    const hash = await sha256Hex(this.#Sha256, canonicalRequest)
    const signature = await this.sign(date, input.region, `${SIGV4_ALGORITHM}\n${amzDate}\n${scope}\n${hash}`)
    // The canonical query is already RFC 3986-encoded and sorted: it is the URL's query as is.
    return `${protocol}//${address.hostHeader}${address.path}?${query}&X-Amz-Signature=${signature}`
  }

  /**
   * Hex HMAC-SHA256 of `text` under the signing key of `date` (yyyymmdd) and `region`: the
   * signature of a string to sign, or of a POST policy document.
   */
  async sign(date: string, region: string, text: string): Promise<string> {
    const key = await this.#signingKey(date, region)
    return toHex(await hmacSha256(this.#Sha256, key, text))
  }

  /** `X-Amz-Date` of `date` (formatted once per second). */
  formatDate(date: Date): string {
    return this.#formatDate(date)
  }

  /** Where requests for `bucket` go (for a POST policy's form action). */
  address(bucket: string): Address {
    return this.#address(bucket)
  }

  // Without extra parameters the query is the same for every URL of a second: encode it once.
  #authQuery(auth: Array<[string, string]>): string {
    const id = auth.map((pair) => pair[1]).join('\n')
    if (id !== this.#lastAuth.id) this.#lastAuth = { id, query: canonicalQueryString(auth) }
    return this.#lastAuth.query
  }

  #formatDate(date: Date): string {
    const second = Math.floor(date.getTime() / 1000)
    if (second !== this.#second) {
      this.#amzDate = formatAmzDate(date)
      this.#second = second
    }
    return this.#amzDate
  }

  #signingKey(date: string, region: string): Promise<HmacKey> {
    const id = `${date}/${region}`
    // New credentials (setCredentialsProvider) make every cached key stale.
    if (this.#keysOf !== this.#options.secretKey) {
      this.#keys.clear()
      this.#keysOf = this.#options.secretKey
    }
    let key = this.#keys.get(id)
    if (key === undefined) {
      // Dates move on and old keys are never asked for again; dropping all is simplest.
      if (this.#keys.size >= 16) this.#keys.clear()
      key = deriveSigningKeyAsync(this.#Sha256, this.#options.secretKey, date, region)
      this.#keys.set(id, key)
    }
    return key
  }
}
