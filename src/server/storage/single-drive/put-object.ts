import { parseContentMd5 } from '../common/content-md5.js'
import { lowerCaseKeys } from '../common/lower-case-keys.js'
import { type WriteCondition, writeConditionError } from '../common/write-condition.js'
import type { ObjectInfo, OutboxEntry, PutObjectInput } from '../object-layer.js'
import type { CommitView } from './commit-queue.js'
import { removeDataFiles } from './data-files.js'
import type { Drive } from './drive.js'
import { encodeObjectKey } from './key-codec.js'
import { createObjectId } from './layout.js'
import { noSuchBucket, requireBucket } from './lookup.js'
import { fileIdsOf, replaceObject } from './object-data.js'
import { writeOutboxEntry } from './outbox.js'
import type { ReceivedBody } from './receive-body.js'
import { isDeleteMarker, type StoredObject, toObjectInfo } from './records.js'
import { adjustUsedBytes } from './used-bytes.js'
import { newVersionFields, placeVersion, type VersionFields } from './versions.js'
import { writeData } from './write-data.js'

/**
 * Stores an object. A small body (≤ the drive's inline limit) is kept in memory and committed
 * inside the metadata transaction: no file, no fsync of its own, one group commit shared with
 * every concurrent PUT. A bigger one goes body → temp file (hashed, counted, verified) → rename
 * into `data/` → metadata commit. Until the commit nothing is visible, so a failure at any step
 * stores nothing.
 */
export async function putObject(drive: Drive, input: PutObjectInput): Promise<ObjectInfo> {
  // Malformed Content-MD5 and a missing bucket fail before a byte is read.
  if (input.contentMd5 !== undefined) parseContentMd5(input.contentMd5)
  requireBucket(drive, input.bucket)
  const version = newVersionFields(input.versioning)
  const id = createObjectId()
  // An ETag handed in (the encrypting layer's) spares hashing the stored bytes.
  const received = await writeData(drive, id, { ...input, md5: input.etag === undefined }, drive.inlineLimit)
  return storeObject(
    drive,
    input.bucket,
    input.key,
    id,
    received,
    {
      etag: input.etag?.() ?? received.md5Hex,
      contentType: input.contentType ?? 'application/octet-stream',
      headers: lowerCaseKeys({ ...input.headers, ...input.trailingHeaders?.() }),
    },
    input.condition,
    version,
    input.outbox,
  )
}

/**
 * Commits received data (`id`: in `data/` already, or inline) as the object `bucket/key`, then
 * unlinks the files of the object it replaced. With `version`, the object is that version of the
 * key (versions.ts: it replaces only a version of the same ID). NoSuchBucket when the bucket went
 * away while the body streamed in, or the failed error of a conditional write (`condition`,
 * checked in the commit): the data is removed and nothing changes. `outbox`: its event entry is
 * written in the same commit (see OutboxEntry).
 */
export async function storeObject(
  drive: Drive,
  bucket: string,
  key: string,
  id: string,
  received: ReceivedBody,
  fields: Pick<StoredObject, 'etag' | 'contentType' | 'headers'>,
  condition?: WriteCondition,
  version?: VersionFields,
  outbox?: OutboxEntry,
): Promise<ObjectInfo> {
  const stored: StoredObject = {
    ...version,
    id,
    layout: received.inline ? 'inline' : 'file',
    size: received.size,
    etag: fields.etag,
    mtime: Date.now(),
    contentType: fields.contentType,
    headers: fields.headers,
  }
  const info = toObjectInfo(bucket, key, stored)
  // The event entry is made inside, so data a failed `encode` leaves behind is removed too.
  const commit = async () => {
    const event = outbox && { entry: outbox.encode(info), committed: outbox.committed }
    return commitObject(drive, bucket, key, stored, received.inline, condition, event)
  }
  const outcome = await commit().catch(async (error) => {
    await removeDataFiles(drive, fileIdsOf(stored))
    throw error
  })
  if (outcome.missingBucket || outcome.refused) {
    await removeDataFiles(drive, fileIdsOf(stored))
    throw outcome.refused ?? noSuchBucket(bucket)
  }
  // After the commit no reader can find the old file by metadata; one that already opened it
  // keeps its descriptor, which POSIX keeps readable after unlink.
  await removeDataFiles(drive, outcome.removed.flatMap(fileIdsOf))
  return info
}

/** What a commit that points a key at new data found. */
export interface CommitOutcome {
  missingBucket: boolean
  /** Why a conditional write was refused (nothing written). */
  refused?: Error
  /** The records the commit replaced: their files are unlinked after the commit. */
  removed: StoredObject[]
}

/**
 * Points `key` at the new data (a versioned record, one with an order, joins the key's versions
 * instead: versions.ts) and adjusts the byte counter, in one transaction. `condition` is checked
 * against the latest record this commit sees (earlier writes of the batch included; a delete
 * marker counts as no object), so of concurrent conditional writers to one key at most one passes.
 * `event.entry` is written with the object (when it is one), and `event.committed` called once the
 * commit is durable; neither when nothing is written.
 */
export function commitObject(
  drive: Drive,
  bucket: string,
  key: string,
  stored: StoredObject,
  inline?: Buffer,
  condition?: WriteCondition,
  event?: { entry: string | undefined; committed: (id: number | undefined) => void },
): Promise<CommitOutcome> {
  return drive.commits.run((view) => {
    // The bucket may have been deleted while the body streamed in.
    if (!view.get(drive.meta.buckets, bucket)) return { missingBucket: true, removed: [] }
    if (condition) {
      const current = view.get(drive.meta.objects, encodeObjectKey(bucket, key))
      const etag = current && !isDeleteMarker(current) ? current.etag : undefined
      const refused = writeConditionError(condition, etag, key)
      if (refused) return { missingBucket: false, refused, removed: [] }
    }
    const removed = commitRecord(view, drive, bucket, key, stored, inline)
    if (event) {
      const id = event.entry === undefined ? undefined : writeOutboxEntry(view, drive, event.entry)
      view.afterCommit(() => event.committed(id))
    }
    return { missingBucket: false, removed }
  })
}

/**
 * Writes `stored` as the record (or, with an order, a version) of `bucket/key` in the commit and
 * adjusts the byte counter; returns the records it replaced.
 */
export function commitRecord(
  view: CommitView,
  drive: Drive,
  bucket: string,
  key: string,
  stored: StoredObject,
  inline?: Buffer,
): StoredObject[] {
  let removed: StoredObject[]
  if (stored.order !== undefined && stored.versionId !== undefined) {
    removed = placeVersion(
      view,
      drive.meta,
      bucket,
      key,
      { ...stored, versionId: stored.versionId, order: stored.order },
      inline,
    ).removed
  } else {
    const replaced = replaceObject(view, drive.meta, encodeObjectKey(bucket, key), stored, inline)
    removed = replaced ? [replaced] : []
  }
  adjustUsedBytes(view, drive.meta, stored.size - removed.reduce((sum, r) => sum + r.size, 0))
  return removed
}
