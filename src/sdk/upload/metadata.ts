/**
 * putObject metadata → request headers. Standard headers (Content-Type, Cache-Control, ...) and
 * `x-amz-*` headers pass through; every other key is user metadata and becomes `x-amz-meta-<key>`.
 * Unlike minio-js, `x-amz-tagging` & co. are not turned into metadata.
 */
import { InvalidArgumentError } from '../errors.js'

/**
 * Object metadata for uploads: header names or free names, mapped to values.
 * @example
 * const meta: ItemBucketMetadata = { 'Content-Type': 'image/png', 'X-Amz-Meta-Camera': 'x100', owner: 'ana' }
 */
export type ItemBucketMetadata = Record<string, string | number | boolean | undefined>

const PASS_THROUGH = new Set([
  'cache-control',
  'content-disposition',
  'content-encoding',
  'content-language',
  'content-md5',
  'content-type',
  'expires',
  'if-match',
  'if-none-match',
])
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/
// Header values are Latin-1 on the wire; control characters would let a value inject headers.
const BAD_VALUE = /[^\t\x20-\x7e\x80-\xff]/

/**
 * Converts putObject metadata into lower-case request headers.
 * @example
 * metadataToHeaders({ 'Content-Type': 'text/plain', owner: 'ana' })
 * // { 'content-type': 'text/plain', 'x-amz-meta-owner': 'ana' }
 */
export function metadataToHeaders(metaData: unknown): Record<string, string> | undefined {
  if (metaData === undefined || metaData === null) return undefined
  if (typeof metaData !== 'object' || Array.isArray(metaData)) {
    throw new InvalidArgumentError(
      `Invalid metaData: must be an object of header names to values, got ${typeof metaData}`,
    )
  }
  const headers: Record<string, string> = {}
  for (const [key, raw] of Object.entries(metaData)) {
    if (raw === undefined || raw === null) continue
    headers[headerName(key)] = headerValue(key, raw)
  }
  return headers
}

function headerName(key: string): string {
  if (!TOKEN.test(key))
    throw new InvalidArgumentError(
      `Invalid metaData key ${JSON.stringify(key)}: not a valid HTTP header name`,
    )
  const name = key.toLowerCase()
  return PASS_THROUGH.has(name) || name.startsWith('x-amz-') ? name : `x-amz-meta-${name}`
}

function headerValue(key: string, raw: unknown): string {
  if (typeof raw !== 'string' && typeof raw !== 'number' && typeof raw !== 'boolean') {
    throw new InvalidArgumentError(`Invalid metaData value for "${key}": must be a string, number or boolean`)
  }
  const value = String(raw)
  if (BAD_VALUE.test(value)) {
    throw new InvalidArgumentError(
      `Invalid metaData value for "${key}": HTTP headers cannot carry control characters or characters beyond Latin-1; encode the value (e.g. encodeURIComponent)`,
    )
  }
  return value
}
