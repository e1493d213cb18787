import type { BucketInfo, ObjectInfo } from '../object-layer.js'

/** A bucket as stored in LMDB (keyed by its name). */
export interface StoredBucket {
  /** Creation time, ms since the epoch. */
  created: number
  region: string
}

/** One data file of a multipart object, in object order. */
export interface StoredPartRef {
  /** Internal ID naming the part's data file. */
  id: string
  size: number
  /** The part's verified flexible checksum, for GetObjectAttributes' ObjectParts. */
  checksum?: Record<string, string>
}

/**
 * Where an object's bytes live:
 * - `file` (also when absent: drives written before the other kinds existed): one data file `id`;
 * - `inline`: in the `blobs` database under `id`, committed with the record (small objects);
 * - `parts`: the data files of a completed multipart upload, read one after another;
 * - `none`: no bytes at all, a delete marker (issue 14).
 */
export type DataLayout = 'file' | 'inline' | 'parts' | 'none'

/** An object as stored in LMDB (keyed by bucket + key, see key-codec.ts). */
export interface StoredObject {
  /** Internal ID naming the data file (or the inline blob). */
  id: string
  layout?: DataLayout
  /** The part files, for `layout: 'parts'`. */
  parts?: StoredPartRef[]
  size: number
  etag: string
  /** Last-Modified, ms since the epoch. */
  mtime: number
  contentType: string
  headers: Record<string, string>
  /** The multipart upload that made the object (ObjectInfo.uploadId). */
  uploadId?: string
  /**
   * Versioned records (issue 14; see versions.ts): the version ID (a token or 'null') and the
   * order token. Absent on records written unversioned, which count as the null version.
   */
  versionId?: string
  order?: string
  /**
   * On the latest record only: the order of the key's noncurrent null version, when it has one
   * (so a write under Suspended finds the null version it replaces without a range scan).
   */
  nullOrder?: string
}

/** The contract's view of a stored bucket. */
export function toBucketInfo(name: string, stored: StoredBucket): BucketInfo {
  return { name, created: new Date(stored.created), region: stored.region }
}

/**
 * The contract's view of a stored object. `withParts` adds the part sizes (HEAD and GET need
 * them for `partNumber`; listings do not).
 */
export function toObjectInfo(
  bucket: string,
  key: string,
  stored: StoredObject,
  withParts = false,
): ObjectInfo {
  const info: ObjectInfo = {
    bucket,
    key,
    size: stored.size,
    etag: stored.etag,
    lastModified: new Date(stored.mtime),
    contentType: stored.contentType,
    headers: { ...stored.headers },
  }
  if (withParts && stored.parts) info.partSizes = stored.parts.map((p) => p.size)
  if (withParts && stored.parts?.some((p) => p.checksum)) {
    info.partChecksums = stored.parts.map((p) => ({ ...p.checksum }))
  }
  if (stored.uploadId !== undefined) info.uploadId = stored.uploadId
  if (stored.versionId !== undefined) info.versionId = stored.versionId
  if (stored.layout === 'none') info.deleteMarker = true
  return info
}

/** Whether the record is a delete marker. */
export function isDeleteMarker(stored: StoredObject): boolean {
  return stored.layout === 'none'
}
