/**
 * SigV4 header signing with `@smithy/signature-v4`. One signer per client (smithy caches the
 * signing key per date and region); the payload hash is computed by the transport and passed in
 * `x-amz-content-sha256`, so smithy never hashes a body itself.
 */
import { SignatureV4 } from '@smithy/signature-v4'
import type { Sha256Constructor } from '../platform/types.js'

/** Credentials of a signing client. */
export interface Credentials {
  accessKey: string
  secretKey: string
  sessionToken?: string | undefined
}

/** The parts of a request that are signed. */
export interface SignableRequest {
  method: string
  protocol: 'http:' | 'https:'
  hostname: string
  /** Escaped path, without query. */
  path: string
  query: Readonly<Record<string, string | string[]>> | undefined
  /** Lower-case names, including `host` and `x-amz-content-sha256`. */
  headers: Record<string, string>
}

/** Adds `authorization`, `x-amz-date` (and `x-amz-security-token`) to a request's headers. */
export type SignRequest = (
  request: SignableRequest,
  region: string,
  date: Date,
) => Promise<Record<string, string>>

// Not signed: the length is implied by the payload hash or UNSIGNED-PAYLOAD, and fetch sets it itself.
const UNSIGNABLE = new Set(['content-length'])

/**
 * Creates the signing function for a set of credentials.
 * @example
 * const sign = createSigner({ accessKey: 'AK', secretKey: 'SK' }, NodeSha256)
 * const headers = await sign(request, 'us-east-1', new Date())
 */
export function createSigner(credentials: Credentials, sha256: Sha256Constructor): SignRequest {
  const signer = new CachingSignatureV4({
    service: 's3',
    region: 'us-east-1',
    credentials: {
      accessKeyId: credentials.accessKey,
      secretAccessKey: credentials.secretKey,
      sessionToken: credentials.sessionToken,
    },
    sha256,
    // S3 signs the path as sent (each segment encoded once, no normalization).
    uriEscapePath: false,
    applyChecksum: false,
  })
  cacheSigningKeys(signer)
  return async (request, region, date) => {
    const signed = await signer.sign(
      {
        method: request.method,
        protocol: request.protocol,
        hostname: request.hostname,
        path: request.path,
        query: request.query ?? {},
        headers: request.headers,
      },
      { signingRegion: region, signingDate: date, unsignableHeaders: UNSIGNABLE },
    )
    return signed.headers
  }
}

type SigningKeyFunction = (
  credentials: unknown,
  region: string,
  shortDate: string,
  service?: string,
) => Promise<Uint8Array>

/**
 * Keeps the derived signing key per (date, region, service) on the signer. smithy's own cache
 * recomputes an HMAC of the credentials on every request to build its key; ours are fixed per
 * client, so a plain map lookup will do. `getSigningKey` is TypeScript-private in smithy, hence
 * the instance patch instead of an override.
 */
function cacheSigningKeys(signer: SignatureV4): void {
  const target = signer as unknown as { getSigningKey: SigningKeyFunction }
  const derive = target.getSigningKey.bind(signer)
  const keys = new Map<string, Promise<Uint8Array>>()
  target.getSigningKey = (credentials, region, shortDate, service) => {
    const id = `${shortDate}/${region}/${service}`
    let key = keys.get(id)
    if (key === undefined) {
      if (keys.size >= 16) keys.clear()
      key = derive(credentials, region, shortDate, service)
      keys.set(id, key)
    }
    return key
  }
}

type DateInput = Parameters<SignatureV4['presign']>[1] extends infer O
  ? O extends { signingDate?: infer D }
    ? D
    : never
  : never

/** A SignatureV4 that formats each second's `x-amz-date` once instead of per request. */
class CachingSignatureV4 extends SignatureV4 {
  #second = Number.NaN
  #formatted = { longDate: '', shortDate: '' }

  protected override formatDate(now: DateInput): { longDate: string; shortDate: string } {
    if (!(now instanceof Date)) return super.formatDate(now)
    const second = Math.floor(now.getTime() / 1000)
    if (second !== this.#second) {
      this.#formatted = super.formatDate(now)
      this.#second = second
    }
    return this.#formatted
  }
}
