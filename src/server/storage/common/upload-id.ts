import { randomBytes } from 'node:crypto'

/**
 * Upload IDs: 12 hex digits of the initiation time in ms, then 20 of randomness, so IDs sort by
 * initiation (the order ListMultipartUploads needs for uploads of one key). The single drive
 * keys its upload records by them (a fixed length is how a key holding 0x00 still decodes); the
 * erasure layer makes one and has every drive record the upload under it.
 */

/** Length of every upload ID. */
export const UPLOAD_ID_LENGTH = 32

const UPLOAD_ID = /^[0-9a-f]{32}$/

/** A fresh upload ID, later than every ID made before it in earlier milliseconds. */
export function createUploadId(now = Date.now()): string {
  return now.toString(16).padStart(12, '0') + randomBytes(10).toString('hex')
}

/** Whether `id` could be an upload ID of ours (others cannot exist: NoSuchUpload early). */
export function isUploadId(id: string): boolean {
  return UPLOAD_ID.test(id)
}
