/**
 * SigV4 query signing (presigned URLs) for one client. Built from the shared pieces in
 * src/shared/sigv4 (the X-Amz-* parameters, canonical query, signing key) that AWS's test
 * vectors check, on the platform's synchronous SigV4 hashing (node:crypto in Node, pure JS in
 * browsers) — no network round trip and no await per URL.
 *
 * What does not change from one URL to the next is built once (issue 18: GC and hash
 * construction were half the time per URL): per credentials, day and region the signing key;
 * per second, region and expiry the encoded `X-Amz-*` query and the head of
 * the string to sign. A URL then costs one SHA-256 of its canonical request and one HMAC.
 */
import { canonicalQueryString } from '../../../shared/sigv4/canonical-query.js'
import { SIGV4_ALGORITHM, UNSIGNED_PAYLOAD } from '../../../shared/sigv4/constants.js'
import type { SigV4Crypto } from '../../../shared/sigv4/crypto.js'
import { buildPresignedQuery } from '../../../shared/sigv4/presigned-query.js'
import { createCredentialScope, formatAmzDate } from '../../../shared/sigv4/scope.js'
import { computeSignature } from '../../../shared/sigv4/signature.js'
import { deriveSigningKey } from '../../../shared/sigv4/signing-key.js'
import type { ResolvedClientOptions } from '../../client-options.js'
import { type Address, createAddressing } from '../../transport/endpoint.js'

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

// What every URL of one second, region and expiry shares.
interface SecondParts {
  amzDate: string
  region: string
  expires: number
  accessKey: string
  secretKey: string
  sessionToken: string | undefined
  /** The `X-Amz-*` parameters, encoded and in canonical order (they sort as built). */
  authQuery: string
  /** Decoded, for merging with extra parameters. */
  authPairs: Array<[string, string]>
  /** `AWS4-HMAC-SHA256\n<amzDate>\n<scope>\n`: the string to sign without the request's hash. */
  stringToSignHead: string
  signingKey: Uint8Array
}

/**
 * Signs presigned URLs for one set of credentials and one endpoint.
 * @example
 * const presigner = new Presigner(transport.options, platform.sigv4)
 * const url = presigner.presign({ method: 'GET', bucket: 'photos', key: 'a.jpg', query: [],
 *   region: 'us-east-1', expires: 3600, date: new Date() })
 */
export class Presigner {
  readonly #options: ResolvedClientOptions
  readonly #crypto: SigV4Crypto
  readonly #address: (bucket?: string, key?: string) => Address
  readonly #keys = new Map<string, Uint8Array>()
  #keysOf = ''
  #second = Number.NaN
  #amzDate = ''
  #parts: SecondParts | undefined

  constructor(options: ResolvedClientOptions, crypto: SigV4Crypto) {
    this.#options = options
    this.#crypto = crypto
    this.#address = createAddressing(options)
  }

  /** The presigned URL for `input`. */
  presign(input: PresignInput): string {
    const parts = this.#secondParts(input.date, input.region, input.expires)
    const address = this.#address(input.bucket, input.key)
    const query =
      input.query.length === 0 ? parts.authQuery : canonicalQueryString([...input.query, ...parts.authPairs])
    const canonicalRequest = `${input.method}\n${address.path}\n${query}\nhost:${address.hostHeader}\n\nhost\n${UNSIGNED_PAYLOAD}`
    const stringToSign = parts.stringToSignHead + this.#crypto.sha256Hex(canonicalRequest)
    const signature = computeSignature(this.#crypto, parts.signingKey, stringToSign)
    // The canonical query is already RFC 3986-encoded and sorted: it is the URL's query as is.
    return `${this.#options.protocol}//${address.hostHeader}${address.path}?${query}&X-Amz-Signature=${signature}`
  }

  /**
   * Hex HMAC-SHA256 of `text` under the signing key of `date` (yyyymmdd) and `region`: the
   * signature of a string to sign, or of a POST policy document.
   */
  sign(date: string, region: string, text: string): string {
    return computeSignature(this.#crypto, this.#signingKey(date, region), text)
  }

  /** `X-Amz-Date` of `date` (formatted once per second). */
  formatDate(date: Date): string {
    const second = Math.floor(date.getTime() / 1000)
    if (second !== this.#second) {
      this.#amzDate = formatAmzDate(date)
      this.#second = second
    }
    return this.#amzDate
  }

  /** Where requests for `bucket` go (for a POST policy's form action). */
  address(bucket: string): Address {
    return this.#address(bucket)
  }

  #secondParts(date: Date, region: string, expires: number): SecondParts {
    const amzDate = this.formatDate(date)
    const { accessKey, secretKey, sessionToken } = this.#options
    const cached = this.#parts
    // Credentials may change (setCredentialsProvider): they are part of what the parts depend on.
    if (
      cached !== undefined &&
      cached.amzDate === amzDate &&
      cached.region === region &&
      cached.expires === expires &&
      cached.accessKey === accessKey &&
      cached.secretKey === secretKey &&
      cached.sessionToken === sessionToken
    )
      return cached
    const day = amzDate.slice(0, 8)
    const scope = createCredentialScope(day, region)
    const authPairs = buildPresignedQuery({
      accessKey,
      scope,
      amzDate,
      expires,
      signedHeaders: 'host',
      ...(sessionToken ? { sessionToken } : {}),
    })
    this.#parts = {
      amzDate,
      region,
      expires,
      accessKey,
      secretKey,
      sessionToken,
      authQuery: canonicalQueryString(authPairs),
      authPairs,
      stringToSignHead: `${SIGV4_ALGORITHM}\n${amzDate}\n${scope}\n`,
      signingKey: this.#signingKey(day, region),
    }
    return this.#parts
  }

  #signingKey(date: string, region: string): Uint8Array {
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
      key = deriveSigningKey(this.#crypto, this.#options.secretKey, date, region)
      this.#keys.set(id, key)
    }
    return key
  }
}
