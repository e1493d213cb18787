/**
 * What an upload returns (putObject, fPutObject, and the multipart upload's completion).
 * @example
 * const { etag, versionId }: UploadedObjectInfo = await client.putObject('photos', 'a.jpg', bytes)
 */
export interface UploadedObjectInfo {
  /** ETag without quotes. */
  etag: string
  /** Version ID on versioned buckets, else null. */
  versionId: string | null
}
