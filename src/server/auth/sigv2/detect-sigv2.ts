import type { QueryPairs } from '../../../shared/sigv4/canonical-query.js'

/** The algorithm word of a Signature Version 2 Authorization header (`AWS AKID:signature`). */
export const SIGV2_ALGORITHM = 'AWS'

/**
 * Whether an Authorization header is Signature Version 2 (`AWS AKID:signature`) rather than
 * SigV4 (`AWS4-HMAC-SHA256 Credential=...`).
 *
 * @example isSigV2Authorization('AWS AKIAIOSFODNN7EXAMPLE:frJIUN8DYpKDtOLCwo//yllqDzg=') // true
 */
export function isSigV2Authorization(header: string): boolean {
  return header.startsWith(`${SIGV2_ALGORITHM} `)
}

/**
 * Whether the query carries Signature Version 2 query-string authentication: it names an
 * `AWSAccessKeyId` (then `Signature` and `Expires` are required). As MinIO, `Signature` alone
 * does not count: CloudFront signed URLs forwarded to a public bucket carry `Signature`,
 * `Expires` and `Key-Pair-Id`, and stay anonymous requests. Asked only when the query carries
 * no SigV4 presigned parameters.
 *
 * @example isPresignedV2Query([['AWSAccessKeyId', 'AK'], ['Signature', 's'], ['Expires', '1']]) // true
 */
export function isPresignedV2Query(query: QueryPairs): boolean {
  return query.some(([name]) => name === 'AWSAccessKeyId')
}
