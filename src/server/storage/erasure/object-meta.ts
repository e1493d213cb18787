import type { ObjectInfo, UploadInfo } from '../types.js'

/** The header of a drive's shard object that carries the erasure object's metadata. */
export const META_HEADER = 'x-silo-ec'
/** The header of a drive's upload record that carries the erasure upload's settings. */
export const UPLOAD_META_HEADER = 'x-silo-ec-upload'

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
 * What every drive stores with its shard of an object (MinIO's xl.json, in one header of the
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
  /** Multipart objects: [size, etag] of each part, whose shard files follow one another. */
  parts?: Array<[number, string]>
}

/** What a drive keeps with each uploaded part (PartInfo.meta). */
export interface EcPartMeta {
  /** Identifies one upload of the part: drives agree on a part when they hold the same id. */
  id: string
  size: number
  etag: string
}

/** The erasure metadata a drive holds in its record, or undefined when it is not ours. */
export function readMeta(info: ObjectInfo): EcMeta | undefined {
  return parseJson<EcMeta>(info.headers[META_HEADER])
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

/** The drive-level headers holding `meta`. */
export function metaHeaders(meta: EcMeta): Record<string, string> {
  return { [META_HEADER]: JSON.stringify(meta) }
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
  return info
}

/** The part sizes of the object's shard files, in order. */
export function partSizesOf(meta: EcMeta): number[] {
  return meta.parts ? meta.parts.map(([size]) => size) : [meta.size]
}

export function readUploadMeta(info: UploadInfo): EcUploadMeta | undefined {
  return parseJson<EcUploadMeta>(info.headers[UPLOAD_META_HEADER])
}

/** The upload as clients see it. */
export function toUploadInfo(info: UploadInfo, meta: EcUploadMeta): UploadInfo {
  return { ...info, contentType: meta.contentType, headers: { ...meta.headers } }
}

export function readPartMeta(meta: string | undefined): EcPartMeta | undefined {
  return parseJson<EcPartMeta>(meta)
}
