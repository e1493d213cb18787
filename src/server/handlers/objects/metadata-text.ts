/**
 * User metadata (`x-amz-meta-*`) values past ASCII, as S3 keeps them: the bytes a client sent
 * are read as UTF-8 text when they are UTF-8 (botocore, the AWS SDKs, Go, curl send that), and
 * a value holding non-ASCII text is returned RFC 2047-encoded (`=?UTF-8?B?<base64>?=`) so the
 * response header stays ASCII ("Working with object metadata", S3 user guide; issue 19).
 */

// biome-ignore lint/suspicious/noControlCharactersInRegex: the ASCII range is the point
const NON_ASCII = /[^\x00-\x7f]/

/**
 * The text of a header value Node handed over as latin-1 (one char per byte): its UTF-8 reading
 * when the bytes are UTF-8, else the latin-1 chars as they are.
 *
 * @example decodeMetadataValue('caf\u00c3\u00a9') // 'café'
 */
export function decodeMetadataValue(value: string): string {
  if (!NON_ASCII.test(value)) return value
  const bytes = Buffer.from(value, 'latin1')
  const text = bytes.toString('utf8')
  return Buffer.from(text, 'utf8').equals(bytes) ? text : value
}

/**
 * A stored metadata value as a response header: as it is when ASCII, else RFC 2047 "B"-encoded
 * UTF-8, as S3 returns it.
 *
 * @example encodeMetadataValue('café') // '=?UTF-8?B?Y2Fmw6k=?='
 */
export function encodeMetadataValue(value: string): string {
  if (!NON_ASCII.test(value)) return value
  return `=?UTF-8?B?${Buffer.from(value, 'utf8').toString('base64')}?=`
}
