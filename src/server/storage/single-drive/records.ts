import type { BucketInfo, ObjectInfo } from '../types.js'

/** A bucket as stored in LMDB (keyed by its name). */
export interface StoredBucket {
  /** Creation time, ms since the epoch. */
  created: number
  region: string
}

/** An object as stored in LMDB (keyed by bucket + key, see key-codec.ts). */
export interface StoredObject {
  /** Internal ID naming the data file. */
  id: string
  size: number
  etag: string
  /** Last-Modified, ms since the epoch. */
  mtime: number
  contentType: string
  headers: Record<string, string>
}

/** The contract's view of a stored bucket. */
export function toBucketInfo(name: string, stored: StoredBucket): BucketInfo {
  return { name, created: new Date(stored.created), region: stored.region }
}

/** The contract's view of a stored object. */
export function toObjectInfo(bucket: string, key: string, stored: StoredObject): ObjectInfo {
  return {
    bucket,
    key,
    size: stored.size,
    etag: stored.etag,
    lastModified: new Date(stored.mtime),
    contentType: stored.contentType,
    headers: { ...stored.headers },
  }
}
