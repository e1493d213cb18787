import { compareUtf8 } from '../../common/compare-utf8.js'
import type { ListMultipartUploadsInput, ListMultipartUploadsResult, UploadInfo } from '../../object-layer.js'
import type { Drive } from '../drive.js'
import { encodeBucketBase, encodePastPrefix } from '../key-codec.js'
import { requireBucket } from '../lookup.js'
import { decodeUploadKey } from '../upload-codec.js'
import { toUploadInfo } from '../upload-records.js'

const MAX_UPLOADS = 1000

type Entry = { upload: UploadInfo } | { commonPrefix: string }

/**
 * Uploads in progress, by key then initiation, as a range scan of the `uploads` database (the
 * same shape as listObjects: a key that rolls up into a common prefix seeks past the prefix).
 */
export function listMultipartUploads(
  drive: Drive,
  input: ListMultipartUploadsInput,
): ListMultipartUploadsResult {
  requireBucket(drive, input.bucket)
  const maxUploads = Math.min(Math.max(input.maxUploads ?? MAX_UPLOADS, 0), MAX_UPLOADS)
  if (maxUploads === 0) return { uploads: [], commonPrefixes: [], isTruncated: false }
  const entries = collectEntries(drive, input, maxUploads + 1)
  const page = entries.slice(0, maxUploads)
  const result: ListMultipartUploadsResult = {
    uploads: page.flatMap((e) => ('upload' in e ? [e.upload] : [])),
    commonPrefixes: page.flatMap((e) => ('commonPrefix' in e ? [e.commonPrefix] : [])),
    isTruncated: entries.length > maxUploads,
  }
  const last = page.at(-1)
  if (result.isTruncated && last) {
    if ('upload' in last) {
      result.nextKeyMarker = last.upload.key
      result.nextUploadIdMarker = last.upload.uploadId
    } else result.nextKeyMarker = last.commonPrefix
  }
  return result
}

function collectEntries(drive: Drive, input: ListMultipartUploadsInput, limit: number): Entry[] {
  const prefix = input.prefix ?? ''
  const delimiter = input.delimiter || undefined
  const base = encodeBucketBase(input.bucket)
  const end = encodePastPrefix(base, prefix)
  const entries: Entry[] = []
  let start: Buffer | undefined = scanStart(base, input)
  while (start && entries.length < limit) {
    let seek: Buffer | undefined
    for (const { key: lmdbKey, value } of drive.meta.uploads.getRange({ start, end })) {
      const { key, uploadId } = decodeUploadKey(lmdbKey, base.length)
      const at = delimiter === undefined ? -1 : key.indexOf(delimiter, prefix.length)
      if (at < 0) {
        entries.push({ upload: toUploadInfo(input.bucket, key, uploadId, value) })
        if (entries.length >= limit) break
        continue
      }
      const rolled = key.slice(0, at + delimiter!.length)
      // The key marker may be a common prefix a previous page ended with.
      if (input.keyMarker === undefined || compareUtf8(rolled, input.keyMarker) > 0) {
        entries.push({ commonPrefix: rolled })
      }
      seek = encodePastPrefix(base, rolled)
      break
    }
    start = seek
  }
  return entries
}

/**
 * The first `uploads` key to look at: the prefix, or past the markers when later. A key marker
 * alone skips every upload of that key; with an upload ID marker, that key's later uploads stay.
 */
function scanStart(base: Buffer, input: ListMultipartUploadsInput): Buffer {
  const atPrefix = Buffer.concat([base, Buffer.from(input.prefix ?? '', 'utf8')])
  if (input.keyMarker === undefined) return atPrefix
  const marker = Buffer.from(input.keyMarker, 'utf8')
  // `<key> 0x00 <id> 0x00` is just after that one upload; `<key> 0x00 0xFF` after all of the key's.
  const tail = input.uploadIdMarker
    ? Buffer.from(`\0${input.uploadIdMarker}\0`, 'latin1')
    : Buffer.from([0, 0xff])
  const start = Buffer.concat([base, marker, tail])
  return Buffer.compare(start, atPrefix) > 0 ? start : atPrefix
}
