/** MD5 digests in the two spellings S3 uses: base64 in Content-MD5, hex in part ETags. */
import { platform } from '#platform'

/**
 * Base64 MD5 of bytes, the value of a `Content-MD5` header.
 * @example
 * md5Base64(new Uint8Array()) // '1B2M2Y8AsgTpgAmY7PhCfg=='
 */
export function md5Base64(data: Uint8Array): string {
  return platform.md5Base64(data)
}

/**
 * Hex MD5 of bytes, as a single-part upload's ETag spells it.
 * @example
 * md5Hex(new Uint8Array()) // 'd41d8cd98f00b204e9800998ecf8427e'
 */
export function md5Hex(data: Uint8Array): string {
  let hex = ''
  for (const byte of platform.md5(data)) hex += (byte < 16 ? '0' : '') + byte.toString(16)
  return hex
}
