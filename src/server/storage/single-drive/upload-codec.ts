import { UPLOAD_ID_LENGTH } from '../common/upload-id.js'
import { encodeBucketBase } from './key-codec.js'

/**
 * Keys of the `uploads` and `parts` databases. An upload is `<bucket> 0x00 <key> 0x00 <upload ID>`,
 * so one bucket's uploads are contiguous and ordered by key, then by upload ID; upload IDs start
 * with the initiation time, so that second order is S3's "by initiation". Upload IDs have a fixed
 * length, which is how a key holding 0x00 still decodes. A part is `<upload ID> <number as 4
 * bytes big-endian>`: one upload's parts are contiguous and in part-number order.
 */

/** The `uploads` key of one upload. */
export function encodeUploadKey(bucket: string, key: string, uploadId: string): Buffer {
  return Buffer.concat([encodeBucketBase(bucket), Buffer.from(`${key}\0${uploadId}`, 'utf8')])
}

/** The S3 key and upload ID held in an `uploads` key whose bucket base is `baseLength` bytes. */
export function decodeUploadKey(encoded: Uint8Array, baseLength: number): { key: string; uploadId: string } {
  const bytes = Buffer.from(encoded.buffer, encoded.byteOffset, encoded.byteLength)
  const idStart = bytes.length - UPLOAD_ID_LENGTH
  return {
    key: bytes.toString('utf8', baseLength, idStart - 1),
    uploadId: bytes.toString('latin1', idStart),
  }
}

/** The `parts` key of one part. */
export function encodePartKey(uploadId: string, partNumber: number): Buffer {
  const key = Buffer.alloc(UPLOAD_ID_LENGTH + 4)
  key.write(uploadId, 0, 'latin1')
  key.writeUInt32BE(partNumber, UPLOAD_ID_LENGTH)
  return key
}

/** The part number held in a `parts` key. */
export function decodePartNumber(encoded: Uint8Array): number {
  return Buffer.from(encoded.buffer, encoded.byteOffset, encoded.byteLength).readUInt32BE(UPLOAD_ID_LENGTH)
}

/** The range of `parts` keys of one upload, from just after `afterPart`. */
export function partRange(uploadId: string, afterPart = 0): { start: Buffer; end: Buffer } {
  return { start: encodePartKey(uploadId, afterPart + 1), end: encodePartKey(uploadId, 0xffffffff) }
}
