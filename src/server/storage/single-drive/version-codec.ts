import { VERSION_TOKEN_LENGTH } from '../common/version-id.js'
import { encodeObjectKey } from './key-codec.js'

/**
 * Keys of the `versions` database: `<bucket> 0x00 <UTF-8 key> 0x00 <order token>`. Tokens are
 * hex of a fixed length (common/version-id.ts), so a key decodes exactly even when the S3 key
 * holds 0x00, and a key's versions are contiguous and newest first.
 */

const SEPARATOR = Buffer.from([0x00])
const PAST = Buffer.from([0xff])

/** The versions-database key of the version of `bucket/key` with `order`. */
export function encodeVersionKey(bucket: string, key: string, order: string): Buffer {
  return Buffer.concat([encodeObjectKey(bucket, key), SEPARATOR, Buffer.from(order, 'latin1')])
}

/** The range holding every noncurrent version of `bucket/key` (a few of other keys may slip in: check decodeVersionKey). */
export function versionRangeOf(bucket: string, key: string): { start: Buffer; end: Buffer } {
  const objectKey = encodeObjectKey(bucket, key)
  return { start: Buffer.concat([objectKey, SEPARATOR]), end: Buffer.concat([objectKey, SEPARATOR, PAST]) }
}

/** The range of the versions of `bucket/key` ordered strictly after `order`. */
export function versionsAfter(bucket: string, key: string, order: string): { start: Buffer; end: Buffer } {
  const { end } = versionRangeOf(bucket, key)
  return { start: Buffer.concat([encodeVersionKey(bucket, key, order), SEPARATOR]), end }
}

/** The S3 key and order token held in a versions-database key whose bucket base is `baseLength` long. */
export function decodeVersionKey(encoded: Uint8Array, baseLength: number): { key: string; order: string } {
  const bytes = Buffer.from(encoded.buffer, encoded.byteOffset, encoded.byteLength)
  const orderAt = bytes.length - VERSION_TOKEN_LENGTH
  return { key: bytes.toString('utf8', baseLength, orderAt - 1), order: bytes.toString('latin1', orderAt) }
}
