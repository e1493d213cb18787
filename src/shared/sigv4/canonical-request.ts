/** The parts of a canonical request, each already in canonical form. */
export interface CanonicalRequestParts {
  method: string
  /** From `canonicalUri`. */
  uri: string
  /** From `canonicalQueryString`. */
  query: string
  /** From `canonicalHeaders`: one `name:value\n` line per signed header. */
  headers: string
  /** Sorted lower-case names joined with ';'. */
  signedHeaders: string
  /** Hex SHA-256 of the body, or `UNSIGNED-PAYLOAD` / a `STREAMING-*` marker. */
  payloadHash: string
}

/**
 * Joins the canonical request (S3 SigV4 reference, "Canonical request").
 *
 * @example
 * ```ts
 * createCanonicalRequest({ method: 'GET', uri: '/', query: '', headers: 'host:x\n',
 *   signedHeaders: 'host', payloadHash: UNSIGNED_PAYLOAD })
 * // 'GET\n/\n\nhost:x\n\nhost\nUNSIGNED-PAYLOAD'
 * ```
 */
export function createCanonicalRequest(parts: CanonicalRequestParts): string {
  return `${parts.method}\n${parts.uri}\n${parts.query}\n${parts.headers}\n${parts.signedHeaders}\n${parts.payloadHash}`
}
