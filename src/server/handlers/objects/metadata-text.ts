import { hasNonAscii, readHeaderText } from '../../header-text.js'

/**
 * User metadata (`x-amz-meta-*`) values past ASCII, as S3 keeps them: the bytes a client sent
 * are read as UTF-8 text when they are UTF-8 (botocore, the AWS SDKs, Go, curl send that), and
 * a value holding non-ASCII text is returned RFC 2047-encoded (`=?UTF-8?B?<base64>?=`) so the
 * response header stays ASCII ("Working with object metadata", S3 user guide; issue 19).
 */

/**
 * The text of a metadata header value Node handed over as latin-1 (see readHeaderText).
 *
 * @example decodeMetadataValue('caf\u00c3\u00a9') // 'café'
 */
export const decodeMetadataValue = readHeaderText

/**
 * A stored metadata value as a response header: as it is when ASCII, else RFC 2047 "B"-encoded
 * UTF-8, as S3 returns it.
 *
 * @example encodeMetadataValue('café') // '=?UTF-8?B?Y2Fmw6k=?='
 */
export function encodeMetadataValue(value: string): string {
  if (!hasNonAscii(value)) return value
  return `=?UTF-8?B?${Buffer.from(value, 'utf8').toString('base64')}?=`
}
