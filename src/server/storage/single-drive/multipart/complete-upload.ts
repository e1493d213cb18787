import { createHash } from 'node:crypto'
import { S3ServerError } from '../../../errors.js'
import { withChecksumHeaders } from '../../common/checksum-headers.js'
import { checkRequestedParts, partSizeError, unquote } from '../../common/part-checks.js'
import { writeConditionError } from '../../common/write-condition.js'
import type { CompleteMultipartUploadInput, ObjectInfo } from '../../object-layer.js'
import type { CommitView } from '../commit-queue.js'
import { removeDataFiles } from '../data-files.js'
import type { Drive } from '../drive.js'
import { encodeObjectKey } from '../key-codec.js'
import { createObjectId } from '../layout.js'
import { fileIdsOf } from '../object-data.js'
import { commitRecord } from '../put-object.js'
import { isDeleteMarker, type StoredObject, toObjectInfo } from '../records.js'
import { encodePartKey, encodeUploadKey } from '../upload-codec.js'
import type { StoredPart, StoredUpload } from '../upload-records.js'
import { newVersionFields, type VersionFields } from '../versions.js'
import { removeUploadRecords } from './remove-upload.js'
import { noSuchUpload, requireUpload } from './require-upload.js'

type Outcome =
  | { error: S3ServerError }
  | { stored: StoredObject; removed: StoredObject[]; discarded: string[] }

/**
 * Completes an upload without copying a byte: the object becomes the list of its part files.
 * One exclusive commit validates the named parts, writes the object and removes the upload, so
 * a crash leaves either the upload or the object, never half of both; a failed validation
 * changes nothing. Parts the client did not name are unlinked after the commit.
 */
export async function completeMultipartUpload(
  drive: Drive,
  input: CompleteMultipartUploadInput,
  options: CompleteOptions = {},
): Promise<ObjectInfo> {
  requireUpload(drive, input.bucket, input.key, input.uploadId)
  checkRequestedParts(input.parts)
  const version = options.version ?? newVersionFields(input.versioning)
  // Exclusive: the commit scans the upload's parts, which a scan cannot see in a shared batch.
  const outcome = await drive.commits.run((view) => completeInCommit(drive, view, input, options, version), {
    exclusive: true,
  })
  if ('error' in outcome) throw outcome.error
  await removeDataFiles(drive, outcome.discarded)
  await removeDataFiles(drive, outcome.removed.flatMap(fileIdsOf))
  return toObjectInfo(input.bucket, input.key, outcome.stored, true)
}

/** What a drive of an erasure set completes differently. */
export interface CompleteOptions {
  /** The object's headers instead of the upload's. */
  headers?: Record<string, string>
  /**
   * The smallest size of a part other than the last, instead of 5 MiB (0: any; a drive's parts
   * are shards of the client's parts, whose sizes the erasure layer checks).
   */
  minPartSize?: number
  /** The object as this version of its key (a drive's completeUpload with `version`). */
  version?: VersionFields
}

function completeInCommit(
  drive: Drive,
  view: CommitView,
  input: CompleteMultipartUploadInput,
  options: CompleteOptions,
  version: VersionFields | undefined,
): Outcome {
  const uploadKey = encodeUploadKey(input.bucket, input.key, input.uploadId)
  const upload = view.get(drive.meta.uploads, uploadKey)
  if (!upload) return { error: noSuchUpload(input.uploadId) }
  if (!view.get(drive.meta.buckets, input.bucket)) return { error: noSuchUpload(input.uploadId) }
  const chosen = choosePartsOrError(drive, view, input, options.minPartSize)
  if (!Array.isArray(chosen)) return { error: chosen }
  // A conditional Complete that fails leaves the upload as it was: nothing is written before this.
  const objectKey = encodeObjectKey(input.bucket, input.key)
  if (input.condition) {
    const current = view.get(drive.meta.objects, objectKey)
    const etag = current && !isDeleteMarker(current) ? current.etag : undefined
    const refused = writeConditionError(input.condition, etag, input.key)
    if (refused) return { error: refused }
  }
  const stored: StoredObject = {
    ...objectOf(
      upload,
      chosen,
      input.uploadId,
      options.headers ?? withChecksumHeaders(upload.headers, input.checksumHeaders),
    ),
    ...version,
  }
  const kept = new Set(chosen.map((p) => p.id))
  const discarded = removeUploadRecords(drive, view, input.bucket, input.key, input.uploadId).filter(
    (id) => !kept.has(id),
  )
  const removed = commitRecord(view, drive, input.bucket, input.key, stored)
  return { stored, removed, discarded }
}

/** The stored parts the request names, or the error S3 gives for the first bad one. */
function choosePartsOrError(
  drive: Drive,
  view: CommitView,
  input: CompleteMultipartUploadInput,
  minPartSize: number | undefined,
): StoredPart[] | S3ServerError {
  const chosen: StoredPart[] = []
  for (const requested of input.parts) {
    const part = view.get(drive.meta.parts, encodePartKey(input.uploadId, requested.partNumber))
    if (!part || part.etag !== unquote(requested.etag)) {
      return new S3ServerError('InvalidPart', undefined, {
        UploadId: input.uploadId,
        PartNumber: String(requested.partNumber),
        ETag: requested.etag,
      })
    }
    chosen.push(part)
  }
  return (
    partSizeError(
      chosen.map((p) => p.size),
      input.parts,
      minPartSize,
    ) ?? chosen
  )
}

/** The object record: part files in order, size, and S3's `md5(part md5s)-N` ETag. */
function objectOf(
  upload: StoredUpload,
  parts: StoredPart[],
  uploadId: string,
  headers?: Record<string, string>,
): StoredObject {
  const hash = createHash('md5')
  for (const part of parts) hash.update(Buffer.from(part.etag, 'hex'))
  return {
    id: createObjectId(),
    layout: 'parts',
    parts: parts.map((p) => ({ id: p.id, size: p.size, ...(p.checksum ? { checksum: p.checksum } : {}) })),
    size: parts.reduce((sum, p) => sum + p.size, 0),
    etag: `${hash.digest('hex')}-${parts.length}`,
    mtime: Date.now(),
    contentType: upload.contentType,
    headers: { ...(headers ?? upload.headers) },
    uploadId,
  }
}
