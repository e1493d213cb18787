import { createHash, randomUUID } from 'node:crypto'
import { S3ServerError } from '../../errors.js'
import { withChecksumHeaders } from '../common/checksum-headers.js'
import { compareUtf8 } from '../common/compare-utf8.js'
import { lowerCaseKeys } from '../common/lower-case-keys.js'
import { checkPartNumber, checkRequestedParts, partSizeError, unquote } from '../common/part-checks.js'
import { createUploadId } from '../common/upload-id.js'
import type {
  CompleteMultipartUploadInput,
  CreateMultipartUploadInput,
  ListMultipartUploadsInput,
  ListMultipartUploadsResult,
  ListPartsInput,
  ListPartsResult,
  ObjectInfo,
  PartInfo,
  UploadInfo,
  UploadPartInput,
} from '../object-layer.js'
import type { DrivePart, DriveUpload, StorageDrive } from '../storage-drive.js'
import { bitrotField, bitrotOf } from './bitrot.js'
import { requireBucket } from './buckets.js'
import {
  bucketLockNameOf,
  codeOf,
  type DriveResult,
  type ErasureContext,
  isBucketMissing,
  minimumReadDrives,
  onDrives,
  uploadLockNameOf,
  usableDrives,
  withCommitLocks,
} from './context.js'
import type { ErasureDrive } from './drive-set.js'
import {
  type EcMeta,
  type EcPartMeta,
  type EcUploadMeta,
  encodeMeta,
  parsePartMeta,
  parseUploadMeta,
  toObjectInfo,
  toUploadInfo,
} from './object-meta.js'
import { distributionStart, redundancyOf, shardOfDrive, writeQuorumError, writeQuorumOf } from './params.js'
import { newVersion } from './version-writes.js'
import { requireWriteCondition } from './write-condition.js'
import { writeShards } from './write-shards.js'

/**
 * Multipart uploads on drives: every drive records the upload under the same ID, each part is
 * erasure-coded on its own (a drive's part is its shard file of the part, with the real part's
 * size and ETag in the part's meta), and completion makes every drive's part files its shard
 * file of the object without copying.
 */

/** An upload the drives agree on. */
interface ChosenUpload {
  info: UploadInfo
  meta: EcUploadMeta
  drives: ErasureDrive[]
}

export async function createMultipartUpload(
  ctx: ErasureContext,
  input: CreateMultipartUploadInput,
): Promise<UploadInfo> {
  const { bucket, key } = input
  const what = `CreateMultipartUpload ${bucket}/${key}`
  const headers = lowerCaseKeys(input.headers ?? {})
  const redundancy = redundancyOf(ctx.classes, headers['x-amz-storage-class'])
  const writeQuorum = writeQuorumOf(redundancy)
  const drives = await usableDrives(ctx, writeQuorum, what, true)
  await requireBucket(ctx, bucket, drives)
  const meta: EcUploadMeta = {
    contentType: input.contentType ?? 'application/octet-stream',
    headers,
    ...redundancy,
    blockSize: ctx.blockSize,
    dist: distributionStart(key, ctx.set.size),
    ...bitrotField(ctx.bitrot),
  }
  const uploadId = createUploadId()
  // Under the bucket's gate: a DeleteBucket either takes the upload with it or comes first.
  const results = await ctx.locks.with(
    bucketLockNameOf(bucket),
    () =>
      onDrives(ctx, drives, (store) => store.createUpload({ bucket, key, uploadId, meta: encodeMeta(meta) })),
    true,
  )
  const created = results.filter((r) => r.ok)
  if (created.length === 0) throwRefusal(results)
  if (created.length < writeQuorum) {
    await onDrives(
      ctx,
      created.map((r) => r.drive),
      (store) => store.abortUpload(bucket, key, uploadId),
    )
    throw writeQuorumError(what, created.length, writeQuorum)
  }
  const first = created[0]!
  if (!first.ok) throw new Error('unreachable')
  return toUploadInfo(bucket, first.value, meta)
}

/** The upload as at least `data` drives hold it, or NoSuchUpload. */
async function chooseUpload(
  ctx: ErasureContext,
  bucket: string,
  key: string,
  uploadId: string,
  drives: readonly ErasureDrive[],
): Promise<ChosenUpload> {
  const results = await onDrives(ctx, drives, (store) =>
    store.listParts({ bucket, key, uploadId, maxParts: 0 }),
  )
  const holders: ErasureDrive[] = []
  let found: { info: DriveUpload; meta: EcUploadMeta } | undefined
  for (const r of results) {
    if (!r.ok) continue
    const meta = parseUploadMeta(r.value.upload.meta)
    if (!meta) continue
    found ??= { info: r.value.upload, meta }
    holders.push(r.drive)
  }
  if (!found || holders.length < found.meta.data) {
    if (holders.length === 0 && isBucketMissing(results)) {
      throw new S3ServerError('NoSuchBucket', undefined, { BucketName: bucket })
    }
    throw new S3ServerError('NoSuchUpload', undefined, { UploadId: uploadId })
  }
  return { info: toUploadInfo(bucket, found.info, found.meta), meta: found.meta, drives: holders }
}

export async function uploadPart(ctx: ErasureContext, input: UploadPartInput): Promise<PartInfo> {
  const { bucket, key, uploadId, partNumber } = input
  const what = `UploadPart ${bucket}/${key} part ${partNumber}`
  checkPartNumber(partNumber)
  const all = await usableDrives(ctx, minimumReadDrives(ctx), what, true)
  const upload = await chooseUpload(ctx, bucket, key, uploadId, all)
  const writeQuorum = writeQuorumOf(upload.meta)
  if (upload.drives.length < writeQuorum) throw writeQuorumError(what, upload.drives.length, writeQuorum)
  const n = ctx.set.size
  const partMeta: EcPartMeta = { id: randomUUID(), size: 0, etag: '' }
  const written = await writeShards(
    upload.drives.map((drive) => ({ drive, shard: shardOfDrive(drive.index, upload.meta.dist, n) })),
    input,
    {
      redundancy: upload.meta,
      blockSize: upload.meta.blockSize,
      bitrot: bitrotOf(upload.meta),
      writeQuorum,
      what,
      place: { bucket, key, part: { uploadId, partNumber } },
      onDriveFailure: () => ctx.set.suspect(),
      beforeCommit: async (received) => {
        // Each drive keeps the real part's size and ETag with its shard of it.
        partMeta.size = received.size
        partMeta.etag = input.etag?.() ?? received.md5Hex
        const checksum = input.trailingHeaders?.()
        if (checksum && Object.keys(checksum).length > 0) partMeta.checksum = checksum
        return ctx.locks.acquire(`${uploadId}\0${partNumber}`)
      },
      recordOf: () => ({ etag: partMeta.etag, meta: encodeMeta(partMeta) }),
    },
  )
  const info: PartInfo = { partNumber, etag: partMeta.etag, size: written.size, lastModified: new Date() }
  if (partMeta.checksum) info.checksum = partMeta.checksum
  return info
}

/** Every part a drive holds for the upload: part number → its shard ETag and real part. */
async function partsOnDrive(
  store: StorageDrive,
  bucket: string,
  key: string,
  uploadId: string,
): Promise<Map<number, { driveEtag: string; part: EcPartMeta }>> {
  const parts = new Map<number, { driveEtag: string; part: EcPartMeta }>()
  let marker: number | undefined
  while (true) {
    const page = await store.listParts({ bucket, key, uploadId, partNumberMarker: marker, maxParts: 1000 })
    for (const p of page.parts) {
      const part = parsePartMeta(p.meta)
      if (part) parts.set(p.partNumber, { driveEtag: p.etag, part })
    }
    if (!page.isTruncated || page.nextPartNumberMarker === undefined) return parts
    marker = page.nextPartNumberMarker
  }
}

export async function completeMultipartUpload(
  ctx: ErasureContext,
  input: CompleteMultipartUploadInput,
): Promise<ObjectInfo> {
  const { bucket, key, uploadId } = input
  const what = `CompleteMultipartUpload ${bucket}/${key}`
  checkRequestedParts(input.parts)
  const all = await usableDrives(ctx, minimumReadDrives(ctx), what, true)
  // The upload's lock: Complete and Abort of one upload take turns, so exactly one wins and the
  // other finds no upload (NoSuchUpload, as on one drive).
  return withCommitLocks(ctx, bucket, key, () =>
    ctx.locks.with(uploadLockNameOf(uploadId), () => completeUpload(ctx, input, all)),
  )
}

/** Completes the upload on the drives holding it; the caller holds its locks. */
async function completeUpload(
  ctx: ErasureContext,
  input: CompleteMultipartUploadInput,
  all: ErasureDrive[],
): Promise<ObjectInfo> {
  const { bucket, key, uploadId } = input
  const what = `CompleteMultipartUpload ${bucket}/${key}`
  const upload = await chooseUpload(ctx, bucket, key, uploadId, all)
  const writeQuorum = writeQuorumOf(upload.meta)
  const listed = await onDrives(ctx, upload.drives, (store) => partsOnDrive(store, bucket, key, uploadId))
  // For each named part, the upload of it that enough drives agree on.
  const chosen: EcPartMeta[] = []
  for (const requested of input.parts) {
    const votes = new Map<string, { part: EcPartMeta; count: number }>()
    for (const r of listed) {
      const found = r.ok ? r.value.get(requested.partNumber) : undefined
      if (!found) continue
      const vote = votes.get(found.part.id) ?? { part: found.part, count: 0 }
      vote.count++
      votes.set(found.part.id, vote)
    }
    const best = [...votes.values()].sort((a, b) => b.count - a.count)[0]
    if (!best || best.count < upload.meta.data || best.part.etag !== unquote(requested.etag)) {
      throw new S3ServerError('InvalidPart', undefined, {
        UploadId: uploadId,
        PartNumber: String(requested.partNumber),
        ETag: requested.etag,
      })
    }
    chosen.push(best.part)
  }
  const sizeError = partSizeError(
    chosen.map((p) => p.size),
    input.parts,
  )
  if (sizeError) throw sizeError
  // Under the key's commit lock (the caller's): a failure leaves the upload as it was.
  if (input.condition) await requireWriteCondition(ctx, bucket, key, input.condition)
  const md5 = createHash('md5')
  for (const part of chosen) md5.update(Buffer.from(part.etag, 'hex'))
  // Under the key's commit lock (the caller's): versions are ordered as they commit.
  const version = newVersion(input.versioning)
  const meta: EcMeta = {
    id: randomUUID(),
    size: chosen.reduce((sum, p) => sum + p.size, 0),
    etag: `${md5.digest('hex')}-${chosen.length}`,
    mtime: Date.now(),
    ...upload.meta,
    headers: withChecksumHeaders(upload.meta.headers, input.checksumHeaders),
    shard: 0,
    parts: chosen.map((p) => (p.checksum ? [p.size, p.etag, p.checksum] : [p.size, p.etag])),
    uploadId,
    ...(version ? { version } : {}),
  }
  const n = ctx.set.size
  const results = await onDrives(
    ctx,
    listed.filter((r) => r.ok).map((r) => r.drive),
    async (store, drive) => {
      const own = listed.find((r) => r.drive === drive)
      const parts = own?.ok ? own.value : new Map()
      const driveParts = input.parts.map((requested, i) => {
        const found = parts.get(requested.partNumber)
        if (!found || found.part.id !== chosen[i]!.id)
          throw new Error(`drive lacks part ${requested.partNumber}`)
        return { partNumber: requested.partNumber, etag: found.driveEtag }
      })
      return store.completeUpload({
        bucket,
        key,
        uploadId,
        parts: driveParts,
        meta: encodeMeta({ ...meta, shard: shardOfDrive(drive.index, meta.dist, n) }),
        ...(version ? { version } : {}),
      })
    },
  )
  const done = results.filter((r) => r.ok)
  // Drives that missed a part keep a stale upload: drop it (heal rebuilds their shards).
  const stale = results.filter((r) => !r.ok).map((r) => r.drive)
  await onDrives(ctx, stale, (store) => store.abortUpload(bucket, key, uploadId))
  if (done.length === 0) throwRefusal(results)
  if (done.length < writeQuorum) throw writeQuorumError(what, done.length, writeQuorum)
  return toObjectInfo(bucket, key, meta, true)
}

/** When every drive refused: their S3 answer (NoSuchUpload, NoSuchBucket...), if one is. */
function throwRefusal(results: DriveResult<unknown>[]): void {
  const refused = results.find((r) => !r.ok && codeOf(r.error) !== undefined)
  if (refused && !refused.ok) throw refused.error
}

export async function abortMultipartUpload(
  ctx: ErasureContext,
  bucket: string,
  key: string,
  uploadId: string,
): Promise<void> {
  const what = `AbortMultipartUpload ${bucket}/${key}`
  const all = await usableDrives(ctx, minimumReadDrives(ctx), what, true)
  await ctx.locks.with(uploadLockNameOf(uploadId), async () => {
    const upload = await chooseUpload(ctx, bucket, key, uploadId, all)
    const needed = writeQuorumOf(upload.meta)
    if (all.length < needed) throw writeQuorumError(what, all.length, needed)
    const results = await onDrives(ctx, all, (store) => store.abortUpload(bucket, key, uploadId))
    const done = results.filter((r) => r.ok || codeOf(r.error) === 'NoSuchUpload').length
    if (done < needed) throw writeQuorumError(what, done, needed)
  })
}

export async function listParts(ctx: ErasureContext, input: ListPartsInput): Promise<ListPartsResult> {
  const all = await usableDrives(ctx, minimumReadDrives(ctx), `ListParts ${input.bucket}/${input.key}`, false)
  const upload = await chooseUpload(ctx, input.bucket, input.key, input.uploadId, all)
  const pages = await onDrives(ctx, upload.drives, (store) => store.listParts(input))
  let bound: number | undefined
  for (const page of pages) {
    if (!page.ok || !page.value.isTruncated) continue
    const last = page.value.parts.at(-1)?.partNumber
    if (last !== undefined && (bound === undefined || last < bound)) bound = last
  }
  const votes = new Map<number, Map<string, { info: DrivePart; part: EcPartMeta; count: number }>>()
  for (const page of pages) {
    if (!page.ok) continue
    for (const p of page.value.parts) {
      const part = parsePartMeta(p.meta)
      if (!part || (bound !== undefined && p.partNumber > bound)) continue
      const byId = votes.get(p.partNumber) ?? new Map()
      const vote = byId.get(part.id) ?? { info: p, part, count: 0 }
      vote.count++
      byId.set(part.id, vote)
      votes.set(p.partNumber, byId)
    }
  }
  const parts: PartInfo[] = []
  for (const number of [...votes.keys()].sort((a, b) => a - b)) {
    const best = [...votes.get(number)!.values()].sort((a, b) => b.count - a.count)[0]!
    if (best.count < upload.meta.data) continue
    const info: PartInfo = {
      partNumber: number,
      etag: best.part.etag,
      size: best.part.size,
      lastModified: new Date(best.info.modified),
    }
    if (best.part.checksum) info.checksum = best.part.checksum
    parts.push(info)
  }
  const isTruncated = bound !== undefined
  const result: ListPartsResult = { upload: upload.info, parts, isTruncated }
  if (isTruncated) result.nextPartNumberMarker = parts.at(-1)?.partNumber ?? bound
  return result
}

export async function listMultipartUploads(
  ctx: ErasureContext,
  input: ListMultipartUploadsInput,
): Promise<ListMultipartUploadsResult> {
  const drives = await usableDrives(
    ctx,
    minimumReadDrives(ctx),
    `ListMultipartUploads ${input.bucket}`,
    false,
  )
  await requireBucket(ctx, input.bucket, drives)
  const pages = await onDrives(ctx, drives, (store) => store.listUploads(input))
  // Entries past the earliest point where some drive's page was cut are left for the next page.
  let bound: { key: string; uploadId: string } | undefined
  for (const page of pages) {
    if (!page.ok || !page.value.isTruncated || page.value.nextKeyMarker === undefined) continue
    const mark = { key: page.value.nextKeyMarker, uploadId: page.value.nextUploadIdMarker ?? '\uffff' }
    if (!bound || compareMark(mark, bound) < 0) bound = mark
  }
  const within = (key: string, uploadId: string) => !bound || compareMark({ key, uploadId }, bound) <= 0
  const uploads = new Map<string, { info: DriveUpload; meta: EcUploadMeta; count: number }>()
  const prefixes = new Map<string, number>()
  for (const page of pages) {
    if (!page.ok) continue
    for (const u of page.value.uploads) {
      const meta = parseUploadMeta(u.meta)
      if (!meta || !within(u.key, u.uploadId)) continue
      const id = `${u.key}\0${u.uploadId}`
      const vote = uploads.get(id) ?? { info: u, meta, count: 0 }
      vote.count++
      uploads.set(id, vote)
    }
    for (const prefix of page.value.commonPrefixes) {
      if (within(prefix, '\uffff')) prefixes.set(prefix, (prefixes.get(prefix) ?? 0) + 1)
    }
  }
  const prefixQuorum = Math.max(1, Math.ceil(drives.length / 2))
  type Entry = { name: string; uploadId: string; upload?: UploadInfo; prefix?: string }
  const entries: Entry[] = [
    ...[...uploads.values()]
      .filter((v) => v.count >= v.meta.data)
      .map((v) => ({
        name: v.info.key,
        uploadId: v.info.uploadId,
        upload: toUploadInfo(input.bucket, v.info, v.meta),
      })),
    ...[...prefixes]
      .filter(([, n]) => n >= prefixQuorum)
      .map(([prefix]) => ({ name: prefix, uploadId: '', prefix })),
  ].sort((a, b) => compareMark({ key: a.name, uploadId: a.uploadId }, { key: b.name, uploadId: b.uploadId }))
  const maxUploads = Math.min(Math.max(input.maxUploads ?? 1000, 0), 1000)
  const page = entries.slice(0, maxUploads)
  const isTruncated = entries.length > maxUploads || bound !== undefined
  const result: ListMultipartUploadsResult = {
    uploads: page.flatMap((e) => (e.upload ? [e.upload] : [])),
    commonPrefixes: page.flatMap((e) => (e.prefix !== undefined ? [e.prefix] : [])),
    isTruncated,
  }
  const last = page.at(-1)
  if (isTruncated && last) {
    result.nextKeyMarker = last.name
    if (last.upload) result.nextUploadIdMarker = last.uploadId
  } else if (isTruncated && bound) {
    result.nextKeyMarker = bound.key
    if (bound.uploadId !== '\uffff') result.nextUploadIdMarker = bound.uploadId
  }
  return result
}

function compareMark(a: { key: string; uploadId: string }, b: { key: string; uploadId: string }): number {
  return compareUtf8(a.key, b.key) || (a.uploadId < b.uploadId ? -1 : a.uploadId > b.uploadId ? 1 : 0)
}
