import { checkPartNumber } from '../common/part-checks.js'
import { isLentShardBody, isWholeShardBody } from '../common/shard-bodies.js'
import type { ShardPlace, ShardRecord, StagedShard } from '../storage-drive.js'
import type { Drive } from './drive.js'
import { OBJECT_META_HEADER } from './drive-records.js'
import { createObjectId } from './layout.js'
import { requireBucket } from './lookup.js'
import { requireUpload } from './multipart/require-upload.js'
import { storePart } from './multipart/upload-part.js'
import { storeObject } from './put-object.js'
import type { ReceivedBody } from './receive-body.js'
import { versionFieldsOf } from './versions.js'
import { placeData, removeTempData, stageData } from './write-data.js'

/**
 * How long a staged shard may wait for its commit. A writer commits (or discards) right after
 * its shards are received; one that never does died between the two, and in distributed mode
 * the drive outlives it (its server serves other writers): its files would stay in `tmp/`
 * until the drive closes. Past this, they are discarded (a late commit then fails, which its
 * writer counts as this drive failing).
 */
export const STAGED_SHARD_TTL_MS = 15 * 60 * 1000

/**
 * The shard files a local drive received but has not committed (the erasure layer's write
 * barrier): a file body waits in `tmp/` (so a crash leaves only a temp file, removed at the next
 * open), a small object's body in memory. The caller commits or discards each one; those left
 * longer than `ttlMs` are discarded by a sweep.
 */
export class StagedShards {
  readonly #staged = new Map<string, { place: ShardPlace; received: ReceivedBody; at: number }>()
  readonly #ttlMs: number
  readonly #now: () => number
  #sweeper: NodeJS.Timeout | undefined

  constructor(
    private readonly drive: Drive,
    options: { ttlMs?: number; now?: () => number } = {},
  ) {
    this.#ttlMs = options.ttlMs ?? STAGED_SHARD_TTL_MS
    this.#now = options.now ?? Date.now
  }

  /**
   * Receives a shard file for `place`; the place is checked before a byte is read. `reserved`:
   * the caller holds room on this drive for it (StorageDrive.reserveSpace), so the free-space
   * guard is not asked again.
   */
  async write(place: ShardPlace, body: AsyncIterable<Uint8Array>, reserved = false): Promise<StagedShard> {
    const { drive } = this
    if (place.part) {
      checkPartNumber(place.part.partNumber)
      requireUpload(drive, place.bucket, place.key, place.part.uploadId)
    } else {
      requireBucket(drive, place.bucket)
    }
    const id = createObjectId()
    // Parts are never inline (Complete adopts their files).
    const inlineLimit = place.part ? 0 : drive.inlineLimit
    // A body of unknown length: the guard checks the reserve before a byte is taken.
    const release = reserved ? undefined : drive.space.admit({ bytes: 0 })
    let received: ReceivedBody
    try {
      // No MD5: the caller hands the ETag in at the commit.
      received =
        (await receiveWhole(body, inlineLimit)) ??
        (await stageData(drive, id, { body, md5: false, admitted: true }, inlineLimit))
    } finally {
      release?.()
    }
    this.#staged.set(id, { place, received, at: this.#now() })
    this.#sweeper ??= setInterval(() => void this.sweep(), Math.max(1000, this.#ttlMs / 4)).unref()
    return { id, size: received.size }
  }

  /** Discards the staged files older than the TTL; resolves with how many it discarded. */
  async sweep(): Promise<number> {
    const oldest = this.#now() - this.#ttlMs
    const expired = [...this.#staged].filter(([, staged]) => staged.at <= oldest).map(([id]) => id)
    await Promise.all(expired.map((id) => this.discard(id)))
    return expired.length
  }

  /** Moves the file into `data/` and commits its record (see StorageDrive.commitShard). */
  async commit(id: string, record: ShardRecord): Promise<void> {
    const staged = this.#staged.get(id)
    if (!staged) throw new Error(`no staged shard file ${id} on this drive`)
    this.#staged.delete(id)
    const { place, received } = staged
    if (!received.inline) await placeData(this.drive, id)
    if (place.part) {
      await storePart(this.drive, { ...place, ...place.part }, id, received, record)
      return
    }
    await storeObject(
      this.drive,
      place.bucket,
      place.key,
      id,
      received,
      {
        etag: record.etag,
        contentType: 'application/octet-stream',
        headers: { [OBJECT_META_HEADER]: record.meta },
      },
      undefined,
      record.version && versionFieldsOf(record.version),
    )
  }

  /** Removes a staged file; an unknown id is ignored. */
  async discard(id: string): Promise<void> {
    const staged = this.#staged.get(id)
    if (!staged) return
    this.#staged.delete(id)
    if (!staged.received.inline) await removeTempData(this.drive, id)
  }

  /** Forgets every staged file (the drive is closing: the next open empties `tmp/`). */
  clear(): void {
    this.#staged.clear()
    clearInterval(this.#sweeper)
    this.#sweeper = undefined
  }
}

/**
 * A small shard body that hands its bytes over whole (an erasure write's feed), kept in memory
 * as stageData would keep it, without pulling it chunk by chunk through the streaming receiver;
 * undefined when the body cannot (too big, or not such a body): the caller streams it.
 */
async function receiveWhole(
  body: AsyncIterable<Uint8Array>,
  inlineLimit: number,
): Promise<ReceivedBody | undefined> {
  if (inlineLimit === 0 || !isWholeShardBody(body)) return undefined
  const chunks = await body.whole(inlineLimit)
  if (!chunks) return undefined
  let size = 0
  for (const chunk of chunks) size += chunk.byteLength
  const inline = Buffer.concat(chunks, size)
  // Copied: a body lending its chunks may reuse them.
  if (isLentShardBody(body)) body.release()
  return { size, md5Hex: '', inline }
}
