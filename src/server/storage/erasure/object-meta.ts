import type { ObjectInfo, UploadInfo } from '../object-layer.js'
import type { DriveUpload } from '../storage-drive.js'

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
  if (withParts && meta.parts) info.partSizes = meta.parts.map(([size]) => size)
  if (withParts && meta.parts?.some(([, , checksum]) => checksum)) {
    info.partChecksums = meta.parts.map(([, , checksum]) => ({ ...checksum }))
  }
  if (meta.uploadId !== undefined) info.uploadId = meta.uploadId
  return info
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
