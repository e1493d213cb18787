/** Header plumbing shared by copyObject v2 and composeObject. */
import type { CopyDestinationOptions } from './copy-options.js'

type Headers = Readonly<Record<string, string | string[] | undefined>>

/**
 * The destination's headers for CopyObject. When UserMetadata is given without a
 * MetadataDirective, `REPLACE` is added: under S3's default `COPY` the new metadata would be
 * silently dropped (minio-js 8 leaves it to the caller; minio-go adds it the same way).
 * @example
 * destinationHeaders(new CopyDestinationOptions({ Bucket: 'b', Object: 'k', UserMetadata: { a: '1' } }))
 * // { 'X-Amz-Meta-a': '1', 'X-Amz-Metadata-Directive': 'REPLACE' }
 */
export function destinationHeaders(dest: CopyDestinationOptions): Record<string, string> {
  const headers = dest.getHeaders()
  const hasMetadata = Object.keys(dest.UserMetadata ?? {}).length > 0
  if (hasMetadata && dest.MetadataDirective === undefined) headers['X-Amz-Metadata-Directive'] = 'REPLACE'
  return headers
}

/**
 * The same headers with lower-case names (the transport's convention); on a clash the later wins.
 * @example
 * lowerCaseHeaders({ 'X-Amz-Meta-A': '1' }) // { 'x-amz-meta-a': '1' }
 */
export function lowerCaseHeaders(headers: Record<string, string>): Record<string, string> {
  const lower: Record<string, string> = {}
  for (const [name, value] of Object.entries(headers)) lower[name.toLowerCase()] = value
  return lower
}

const SUPPORTED = new Set([
  'content-type',
  'cache-control',
  'content-encoding',
  'content-disposition',
  'content-language',
  'x-amz-website-redirect-location',
  'if-none-match',
  'if-match',
  'x-amz-storage-class',
  'x-amz-acl',
  'x-amz-server-side-encryption',
])

/**
 * minio-js's `extractMetadata` of response headers: standard content headers, storage class,
 * ACL, SSE headers, and `x-amz-meta-*` with the prefix stripped.
 * @example
 * extractMetadata({ 'content-type': 'application/xml', 'x-amz-meta-a': '1' }) // { 'content-type': 'application/xml', a: '1' }
 */
export function extractMetadata(headers: Headers): Record<string, string> {
  const metaData: Record<string, string> = {}
  for (const [name, raw] of Object.entries(headers)) {
    if (raw === undefined) continue
    const value = Array.isArray(raw) ? raw.join(', ') : raw
    const lower = name.toLowerCase()
    if (lower.startsWith('x-amz-meta-')) metaData[lower.slice('x-amz-meta-'.length)] = value
    else if (SUPPORTED.has(lower) || lower.startsWith('x-amz-server-side-encryption-')) metaData[name] = value
  }
  return metaData
}
