/**
 * Bucket, object and prefix name rules, shared by the SDK (argument checks) and the server
 * (InvalidBucketName / KeyTooLongError). Rules: S3 "Bucket naming rules" and "Object key naming".
 */

const BUCKET_SHAPE = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/
const IPV4_LIKE = /^\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}$/

/** Why `name` is not a valid bucket name, or `undefined` when it is. */
export function explainInvalidBucketName(name: unknown): string | undefined {
  if (typeof name !== 'string') return 'bucket name must be a string'
  if (name.length < 3 || name.length > 63)
    return `bucket name must be 3 to 63 characters long, got ${name.length}`
  if (!BUCKET_SHAPE.test(name))
    return 'bucket name may contain only lower-case letters, digits, dots and hyphens, and must start and end with a letter or digit'
  if (name.includes('..')) return 'bucket name must not contain two adjacent dots'
  if (name.includes('.-') || name.includes('-.')) return 'bucket name must not contain a dot next to a hyphen'
  if (IPV4_LIKE.test(name)) return 'bucket name must not be formatted as an IP address'
  return undefined
}

/** Whether `name` is a valid S3 bucket name. */
export function isValidBucketName(name: unknown): name is string {
  return explainInvalidBucketName(name) === undefined
}

/** S3 limits keys to 1,024 bytes of UTF-8. */
export const MAX_OBJECT_NAME_BYTES = 1024

/** Why `name` is not a valid object name, or `undefined` when it is. */
export function explainInvalidObjectName(name: unknown): string | undefined {
  if (typeof name !== 'string') return 'object name must be a string'
  if (name.length === 0) return 'object name must not be empty'
  const bytes = utf8Length(name)
  if (bytes > MAX_OBJECT_NAME_BYTES) return `object name must be at most 1024 bytes of UTF-8, got ${bytes}`
  return undefined
}

/** Whether `name` is a valid object key: 1 to 1,024 bytes of UTF-8. */
export function isValidObjectName(name: unknown): name is string {
  return explainInvalidObjectName(name) === undefined
}

/** Whether `prefix` is a valid listing prefix: a string of at most 1,024 bytes, possibly empty. */
export function isValidPrefix(prefix: unknown): prefix is string {
  return typeof prefix === 'string' && utf8Length(prefix) <= MAX_OBJECT_NAME_BYTES
}

/** The number of bytes `s` takes in UTF-8, without allocating. */
export function utf8Length(s: string): number {
  let n = 0
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i)
    if (c < 0x80) n += 1
    else if (c < 0x800) n += 2
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      n += 4
      i++
    } else n += 3
  }
  return n
}
