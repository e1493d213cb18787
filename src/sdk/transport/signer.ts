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
  query: Readonly<Record<string, string>> | undefined
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
  const signer = new SignatureV4({
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
