import { legacyVersionToken } from '../common/version-id.js'
import type { ObjectInfo, UploadInfo } from '../object-layer.js'
import type { DriveUpload, DriveVersion } from '../storage-drive.js'
import type { BitrotAlgorithm } from './bitrot.js'

/**
 * What the erasure layer keeps with each drive's records, as the records' metadata string (the
 * drive interface's `meta`): JSON of the shapes below.
 */

/** What every drive stores with its record of an upload in progress, and its objects keep. */
export interface EcUploadMeta {
  contentType: string
  headers: Record<string, string>
  data: number
  parity: number
  blockSize: number
  /** Distribution start: shard j on drive (dist + j) mod drives. */
  dist: number
  /**
   * The bitrot hash before each shard block (bitrot.ts); absent: SHA-256, the format of every
   * write before issue 18. An upload's parts and the object completed from it share it.
   */
  bitrot?: BitrotAlgorithm
}

/**
 * What every drive stores with its shard of an object (MinIO's xl.json, as the metadata of the
 * drive's record). All drives holding the same write have the same `id`; they differ in `shard`.
 */
export interface EcMeta extends EcUploadMeta {
  /** Identifies one write: drives agree on an object when they hold the same id. */
  id: string
  size: number
  etag: string
  /** Last-Modified, ms since the epoch. */
  mtime: number
  /** The shard this drive holds, 0-based (data shards first). */
  shard: number
  /**
   * Multipart objects: [size, etag, flexible checksum] of each part, whose shard files follow
   * one another.
   */
  parts?: Array<[number, string, Record<string, string>?]>
  /** The multipart upload that made the object (ObjectInfo.uploadId). */
  uploadId?: string
  /**
   * A versioned write's version ID and order token, as every drive stores the record under them
   * (DriveVersion). Absent for a write to a bucket that never had versioning: the drives keep it
   * as before versioning (the null version, ordered by its mtime).
   */
  version?: DriveVersion
  /** A delete marker: a record without a shard file (size 0, no ETag). */
  marker?: true
  /**
   * Revision of the metadata (updateObjectMetadata): drives holding the same write agree on its
   * shards whatever their revision; the highest revision is the version's current metadata.
   */
  rev?: number
}

/** What a drive keeps with each uploaded part (PartInfo.meta). */
export interface EcPartMeta {
  /** Identifies one upload of the part: drives agree on a part when they hold the same id. */
  id: string
  size: number
  etag: string
  /** The part's verified flexible checksum (PartInfo.checksum). */
  checksum?: Record<string, string>
}

/** The erasure metadata of a drive's record, or undefined when it is not ours. */
export function parseMeta(stored: string | undefined): EcMeta | undefined {
  return parseJson<EcMeta>(stored)
}

/** JSON a drive holds for us, or undefined when absent or not JSON (not ours). */
function parseJson<T>(raw: string | undefined): T | undefined {
  if (raw === undefined) return undefined
  try {
    return JSON.parse(raw) as T
  } catch {
    return undefined
  }
}

/** `meta` as a drive stores it with its record. */
export function encodeMeta(meta: EcMeta | EcUploadMeta | EcPartMeta): string {
  return JSON.stringify(meta)
}

/**
 * `meta` as each drive stores it with its record, by the shard the drive holds: encodeMeta({
 * ...meta, shard }) with `shard` moved last (the same string when it is last already), the rest
 * encoded once for all the drives of a write instead of once per drive.
 */
export function shardMetaEncoder(meta: EcMeta): (shard: number) => string {
  const rest = JSON.stringify({ ...meta, shard: undefined })
  const head = rest === '{}' ? '{' : `${rest.slice(0, -1)},`
  return (shard) => `${head}"shard":${shard}}`
}

/** The object as clients see it. */
export function toObjectInfo(bucket: string, key: string, meta: EcMeta, withParts: boolean): ObjectInfo {
  const info: ObjectInfo = {
    bucket,
    key,
    size: meta.size,
    etag: meta.etag,
    lastModified: new Date(meta.mtime),
    contentType: meta.contentType,
    headers: { ...meta.headers },
  }
  if (withParts && meta.parts) {
    info.partSizes = meta.parts.map(([size]) => size)
    info.partEtags = meta.parts.map(([, etag]) => etag)
  }
  if (withParts && meta.parts?.some(([, , checksum]) => checksum)) {
    info.partChecksums = meta.parts.map(([, , checksum]) => ({ ...checksum }))
  }
  if (meta.uploadId !== undefined) info.uploadId = meta.uploadId
  if (meta.version) info.versionId = meta.version.id
  if (meta.marker) info.deleteMarker = true
  return info
}

/**
 * The version's order token: smaller is newer (common/version-id.ts). A write made without
 * versioning is ordered as the drives order it, by its time.
 */
export function orderOf(meta: EcMeta): string {
  return meta.version?.order ?? legacyVersionToken(meta.mtime)
}

/** The version ID the drives know the version by (`'null'` for the null version). */
export function driveVersionIdOf(meta: EcMeta): string {
  return meta.version?.id ?? 'null'
}

/** The part sizes of the object's shard files, in order. */
export function partSizesOf(meta: EcMeta): number[] {
  return meta.parts ? meta.parts.map(([size]) => size) : [meta.size]
}

export function parseUploadMeta(stored: string | undefined): EcUploadMeta | undefined {
  return parseJson<EcUploadMeta>(stored)
}

/** The upload as clients see it. */
export function toUploadInfo(bucket: string, upload: DriveUpload, meta: EcUploadMeta): UploadInfo {
  return {
    bucket,
    key: upload.key,
    uploadId: upload.uploadId,
    initiated: new Date(upload.initiated),
    contentType: meta.contentType,
    headers: { ...meta.headers },
  }
}

export function parsePartMeta(stored: string | undefined): EcPartMeta | undefined {
  return parseJson<EcPartMeta>(stored)
}
