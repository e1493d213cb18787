import { SIGV4_ALGORITHM } from './constants.js'
import { parseCredential, type SigV4Credential } from './credential.js'
import { SigV4Error } from './errors.js'

/** A parsed `Authorization: AWS4-HMAC-SHA256 Credential=…, SignedHeaders=…, Signature=…` header. */
export interface ParsedAuthorization {
  credential: SigV4Credential
  /** Lower-case header names as listed (sorted by the signer). */
  signedHeaders: string[]
  /** Lower-case hex. */
  signature: string
}

const MALFORMED = 'AuthorizationHeaderMalformed'
const HEX64 = /^[0-9a-f]{64}$/

/**
 * Parses a SigV4 Authorization header. Throws SigV4Error (AuthorizationHeaderMalformed) naming
 * the missing or malformed part.
 *
 * @example
 * ```ts
 * parseAuthorizationHeader('AWS4-HMAC-SHA256 Credential=AKID/20130524/us-east-1/s3/aws4_request,' +
 *   ' SignedHeaders=host;x-amz-date, Signature=' + 'f'.repeat(64)).credential.accessKey // 'AKID'
 * ```
 */
export function parseAuthorizationHeader(header: string): ParsedAuthorization {
  const value = header.trim()
  if (!value.startsWith(`${SIGV4_ALGORITHM} `)) {
    const algorithm = value.split(' ', 1)[0]
    throw new SigV4Error(
      MALFORMED,
      `unsupported authorization algorithm '${algorithm}'; use ${SIGV4_ALGORITHM}`,
    )
  }
  const fields = new Map<string, string>()
  for (const item of value.slice(SIGV4_ALGORITHM.length).split(',')) {
    const part = item.trim()
    if (part === '') continue
    const eq = part.indexOf('=')
    if (eq === -1)
      throw new SigV4Error(MALFORMED, `the authorization component '${part}' is not of the form key=value`)
    fields.set(part.slice(0, eq).trim(), part.slice(eq + 1).trim())
  }
  const credential = requireField(fields, 'Credential')
  const signedHeaders = requireField(fields, 'SignedHeaders')
  const signature = requireField(fields, 'Signature')
  if (!HEX64.test(signature))
    throw new SigV4Error(MALFORMED, 'the Signature must be 64 lower-case hex digits')
  return {
    credential: parseCredential(credential, MALFORMED),
    signedHeaders: signedHeaders.split(';'),
    signature,
  }
}

function requireField(fields: Map<string, string>, name: string): string {
  const value = fields.get(name)
  if (value === undefined || value === '') {
    throw new SigV4Error(MALFORMED, `the authorization header is missing '${name}='`)
  }
  return value
}

/**
 * Formats the Authorization header value.
 * @example formatAuthorizationHeader('AKID', '20130524/us-east-1/s3/aws4_request', 'host;x-amz-date', sig)
 */
export function formatAuthorizationHeader(
  accessKey: string,
  scope: string,
  signedHeaders: string,
  signature: string,
): string {
  return `${SIGV4_ALGORITHM} Credential=${accessKey}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`
}
