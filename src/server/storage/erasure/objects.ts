import { randomUUID } from 'node:crypto'
import { Readable } from 'node:stream'
import { copyMetadataOf } from '../common/copy-metadata.js'
import { lowerCaseKeys } from '../common/lower-case-keys.js'
import { checkVersionId } from '../common/version-errors.js'
import type {
  ByteRange,
  CopyObjectInput,
  GetObjectResult,
  ObjectInfo,
  PutObjectInput,
} from '../object-layer.js'
import { bitrotField, bitrotOf } from './bitrot.js'
import { requireBucket, requireBucketToWrite } from './buckets.js'
import {
  type ChosenVersion,
  chooseObject,
  codeOf,
  type ErasureContext,
  lockForCommit,
  onDrives,
  usableDrives,
  withCommitLocks,
} from './context.js'
import type { ErasureDrive } from './drive-set.js'
import { ErasureBody, shardReadBuffers } from './erasure-body.js'
import { blocksOf } from './geometry.js'
import {
  driveVersionIdOf,
  type EcMeta,
  encodeMeta,
  parseMeta,
  partSizesOf,
  shardMetaEncoder,
  toObjectInfo,
} from './object-meta.js'
import { distributionStart, redundancyOf, shardOfDrive, writeQuorumError, writeQuorumOf } from './params.js'
import { readBlocks, type ShardSource } from './read-shards.js'
import { newVersion } from './version-writes.js'
import { requireWriteCondition } from './write-condition.js'
import { writeShards } from './write-shards.js'

/** Objects up to this size are read whole before answering: errors become proper S3 answers. */
const EAGER_READ_LIMIT = 256 * 1024

/** The latest version's info, or version `versionId`'s (see chooseObject). */
export async function headObject(
  ctx: ErasureContext,
  bucket: string,
  key: string,
  versionId?: string,
): Promise<ObjectInfo> {
  if (versionId !== undefined) checkVersionId(versionId)
  const { meta } = await chooseObject(ctx, bucket, key, versionId, 'HEAD')
  return withVersionId(toObjectInfo(bucket, key, meta, true), versionId)
}

/**
 * Reads an object (or `range`) from the drives holding the agreed version: data shards first,
 * parity only for shards that are missing, stale or fail their bitrot hash.
 */
export async function getObject(
  ctx: ErasureContext,
  bucket: string,
  key: string,
  range?: ByteRange,
  versionId?: string,
): Promise<GetObjectResult> {
  if (versionId !== undefined) checkVersionId(versionId)
  const chosen = await chooseObject(ctx, bucket, key, versionId)
  const { meta } = chosen
  const info = withVersionId(toObjectInfo(bucket, key, meta, true), versionId)
  const bitrot = bitrotOf(meta)
  const spans = blocksOf(partSizesOf(meta), meta.data, meta.blockSize, bitrot.size, range)
  const sources = shardSources(ctx, chosen, bucket, key)
  const blocks = readBlocks(
    { sources, spans, redundancy: meta, bitrot, what: `${bucket}/${key}` },
    shardReadBuffers,
  )
  const length = range ? range.end - range.start + 1 : meta.size
  if (length <= EAGER_READ_LIMIT) {
    const chunks: Buffer[] = []
    const leases: Buffer[] = []
    for await (const block of blocks) {
      chunks.push(...block.views)
      leases.push(...block.leases)
    }
    const data = Buffer.concat(chunks, length)
    // Copied: the shard buffers can serve the next read.
    for (const lease of leases) shardReadBuffers.give(lease)
    return {
      info,
      data,
      get body() {
        return Readable.from([data], { objectMode: false })
      },
    }
  }
  // The first block is read before answering, so a read that cannot start is an S3 error.
  const first = await blocks.next()
  return { info, body: new ErasureBody(blocks, first.done ? undefined : first.value) }
}

/** A read by version ID names the version read: a write made before versioning is `'null'`. */
function withVersionId(info: ObjectInfo, versionId: string | undefined): ObjectInfo {
  if (versionId !== undefined && info.versionId === undefined) info.versionId = 'null'
  return info
}

/** How to read each holder's shard file of the chosen version. */
export function shardSources(
  ctx: ErasureContext,
  chosen: ChosenVersion,
  bucket: string,
  key: string,
): ShardSource[] {
  return chosen.holders.map(({ drive, shard, stored }) => ({
    shard,
    open: async (start: number, end: number) => {
      const store = drive.store
      if (!store) return undefined
      // By the version's ID: once the key has newer versions, the drive's latest is another.
      const read = await store.readShard(bucket, key, { start, end }, driveVersionIdOf(chosen.meta))
      // The metadata read before, unchanged, is the same write: no need to parse it again.
      const same = read.object.meta === stored || parseMeta(read.object.meta)?.id === chosen.meta.id
      if (!same) {
        read.body?.destroy()
        return undefined
      }
      return read.data ? oneChunk(read.data) : read.body
    },
    onFailure: () => ctx.set.suspect(),
  }))
}

/** Stores an object: erasure-coded over every usable drive, committed on at least write quorum. */
export async function putObject(ctx: ErasureContext, input: PutObjectInput): Promise<ObjectInfo> {
  const { bucket, key } = input
  const what = `PutObject ${bucket}/${key}`
  const headers = lowerCaseKeys(input.headers ?? {})
  const redundancy = redundancyOf(ctx.classes, headers['x-amz-storage-class'])
  const writeQuorum = writeQuorumOf(redundancy)
  const drives = await usableDrives(ctx, writeQuorum, what, true)
  await requireBucketToWrite(ctx, bucket, drives)
  const n = ctx.set.size
  const meta: EcMeta = {
    id: randomUUID(),
    size: 0,
    etag: '',
    mtime: 0,
    contentType: input.contentType ?? 'application/octet-stream',
    headers,
    ...redundancy,
    blockSize: ctx.blockSize,
    dist: distributionStart(key, n),
    ...bitrotField(ctx.bitrot),
    shard: 0,
  }
  let metaOf: (shard: number) => string = () => ''
  await writeShards(
    drives.map((drive) => ({ drive, shard: shardOfDrive(drive.index, meta.dist, n) })),
    input,
    {
      redundancy,
      blockSize: ctx.blockSize,
      bitrot: bitrotOf(meta),
      writeQuorum,
      what,
      place: { bucket, key },
      onDriveFailure: () => ctx.set.suspect(),
      beforeCommit: async (received) => {
        // Size and ETag are known once the body is in: each drive's record gets them.
        meta.size = received.size
        meta.etag = input.etag?.() ?? received.md5Hex
        Object.assign(meta.headers, lowerCaseKeys(input.trailingHeaders?.() ?? {}))
        // The bucket's gate too: DeleteBucket cannot run half-way through this commit.
        const release = await lockForCommit(ctx, bucket, key)
        // Under the key's lock: versions are ordered as they commit.
        meta.mtime = Date.now()
        const version = newVersion(input.versioning)
        if (version) meta.version = version
        // A conditional write is checked under the key's lock, against what it will replace.
        if (input.condition) {
          await requireWriteCondition(ctx, bucket, key, input.condition).catch((error: unknown) => {
            release()
            throw error
          })
        }
        // The metadata is final: encoded once, each drive's record differs only in its shard.
        metaOf = shardMetaEncoder(meta)
        return release
      },
      recordOf: (target) => ({
        etag: meta.etag,
        meta: metaOf(target.shard),
        ...(meta.version ? { version: meta.version } : {}),
      }),
    },
  )
  return toObjectInfo(bucket, key, meta, false)
}

/**
 * Copies an object. Each drive holding the source's agreed version links its shard file under
 * the new name (no byte is copied, and the shards stay where the source's distribution put them);
 * when too few drives hold it for a write quorum, the object is read and written anew instead.
 */
export async function copyObject(ctx: ErasureContext, input: CopyObjectInput): Promise<ObjectInfo> {
  const { bucket, key } = input
  const what = `CopyObject ${bucket}/${key}`
  if (input.sourceVersionId !== undefined) checkVersionId(input.sourceVersionId)
  const source = await chooseObject(ctx, input.sourceBucket, input.sourceKey, input.sourceVersionId, 'COPY')
  const sourceInfo = toObjectInfo(input.sourceBucket, input.sourceKey, source.meta, true)
  input.check?.(sourceInfo)
  const drives = await ctx.set.usable()
  await requireBucket(ctx, bucket, drives)
  const { contentType, headers } = copyMetadataOf(input, source.meta)
  const writeQuorum = writeQuorumOf(source.meta)
  const wanted = redundancyOf(ctx.classes, headers['x-amz-storage-class'])
  // Linking needs enough drives with the source, and the same redundancy for the copy.
  if (source.holders.length < writeQuorum || wanted.data !== source.meta.data) {
    const read = await getObject(ctx, input.sourceBucket, input.sourceKey, undefined, input.sourceVersionId)
    return putObject(ctx, {
      versioning: input.versioning,
      bucket,
      key,
      body: read.body,
      size: source.meta.size,
      contentType,
      headers,
      condition: input.condition,
    })
  }
  // A copy was made by no upload: a retried Complete of the source's upload is not about it.
  const meta: EcMeta = {
    ...source.meta,
    id: randomUUID(),
    mtime: 0,
    contentType,
    headers,
    uploadId: undefined,
    version: undefined,
    rev: undefined,
  }
  const results = await withCommitLocks(ctx, bucket, key, async () => {
    // A conditional copy is checked under the key's lock, against what it will replace.
    if (input.condition) await requireWriteCondition(ctx, bucket, key, input.condition)
    meta.mtime = Date.now()
    const version = newVersion(input.versioning)
    if (version) meta.version = version
    return onDrives(
      ctx,
      source.holders.map((h) => h.drive),
      (store, drive) => {
        const holder = holderOf(source, drive)
        // Only while the drive still holds the version read (ifMeta: as that drive stores it).
        return store.linkShard({
          sourceBucket: input.sourceBucket,
          sourceKey: input.sourceKey,
          sourceVersionId: driveVersionIdOf(source.meta),
          bucket,
          key,
          ifMeta: holder.stored,
          meta: encodeMeta({ ...meta, shard: holder.shard }),
          ...(meta.version ? { version: meta.version } : {}),
        })
      },
    )
  })
  const done = results.filter((r) => r.ok).length
  if (done < writeQuorum) {
    const noBucket = results.find((r) => !r.ok && codeOf(r.error) === 'NoSuchBucket')
    if (noBucket && !noBucket.ok) throw noBucket.error
    throw writeQuorumError(what, done, writeQuorum)
  }
  return toObjectInfo(bucket, key, meta, false)
}

/** `data` as a stream of one chunk (a shard file a drive handed over in memory). */
export async function* oneChunk(data: Uint8Array): AsyncGenerator<Uint8Array> {
  yield data
}

function holderOf(chosen: ChosenVersion, drive: ErasureDrive): ChosenVersion['holders'][number] {
  return chosen.holders.find((h) => h.drive === drive)!
}
