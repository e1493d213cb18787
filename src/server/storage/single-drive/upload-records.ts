import type { PartInfo, UploadInfo } from '../object-layer.js'

/** A multipart upload in progress (keyed by bucket + key + upload ID, see upload-codec.ts). */
export interface StoredUpload {
  /** Initiation time, ms since the epoch. */
  initiated: number
  contentType: string
  headers: Record<string, string>
}

/** An uploaded part (keyed by upload ID + part number). */
export interface StoredPart {
  /** Internal ID naming the part's data file. */
  id: string
  size: number
  etag: string
  mtime: number
  /** The metadata a drive of an erasure set was given with the part (StorageDrive.commitShard). */
  meta?: string
  /** The part's verified flexible checksum (PartInfo.checksum). */
  checksum?: Record<string, string>
}

/** The contract's view of a stored upload. */
export function toUploadInfo(
  bucket: string,
  key: string,
  uploadId: string,
  stored: StoredUpload,
): UploadInfo {
  return {
    bucket,
    key,
    uploadId,
    initiated: new Date(stored.initiated),
    contentType: stored.contentType,
    headers: { ...stored.headers },
  }
}

/** The contract's view of a stored part. */
export function toPartInfo(partNumber: number, stored: StoredPart): PartInfo {
  const info: PartInfo = {
    partNumber,
    etag: stored.etag,
    size: stored.size,
    lastModified: new Date(stored.mtime),
  }
  if (stored.checksum) info.checksum = { ...stored.checksum }
  return info
}
