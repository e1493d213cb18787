/**
 * Object keys in LMDB are raw bytes: `<bucket> 0x00 <UTF-8 key>`. LMDB orders keys by bytes, so
 * one bucket's objects are contiguous (bucket names never contain 0x00) and ordered by the UTF-8
 * bytes of the key, which is S3's listing order. No UTF-8 sequence contains the byte 0xFF, so
 * `<x> 0xFF` sorts after every key that starts with `<x>`: that is how ranges are closed.
 */

const SEPARATOR = Buffer.from([0x00])
const PAST_PREFIX = Buffer.from([0xff])

/** The bytes every key of `bucket` starts with. */
export function encodeBucketBase(bucket: string): Buffer {
  return Buffer.concat([Buffer.from(bucket, 'utf8'), SEPARATOR])
}

/** The LMDB key of `key` in `bucket`. */
export function encodeObjectKey(bucket: string, key: string): Buffer {
  return Buffer.concat([Buffer.from(bucket, 'utf8'), SEPARATOR, Buffer.from(key, 'utf8')])
}

/** The S3 key held in an LMDB key whose bucket base is `baseLength` bytes long. */
export function decodeObjectKey(encoded: Uint8Array, baseLength: number): string {
  return Buffer.from(encoded.buffer, encoded.byteOffset, encoded.byteLength).toString('utf8', baseLength)
}

/** The smallest LMDB key after every key of `bucket` that starts with `prefix`. */
export function encodePastPrefix(base: Buffer, prefix: string): Buffer {
  return Buffer.concat([base, Buffer.from(prefix, 'utf8'), PAST_PREFIX])
}

/** The smallest LMDB key strictly after `key` (S3's exclusive start-after). */
export function encodeJustAfter(base: Buffer, key: string): Buffer {
  return Buffer.concat([base, Buffer.from(key, 'utf8'), SEPARATOR])
}
