/**
 * Event-name constants, named as minio-js exports them.
 * @example
 * config.addEvent(ObjectCreatedAll)
 */

/** `s3:ObjectCreated:*` — every creation event. */
export const ObjectCreatedAll = 's3:ObjectCreated:*'
/** `s3:ObjectCreated:Put` */
export const ObjectCreatedPut = 's3:ObjectCreated:Put'
/** `s3:ObjectCreated:Post` */
export const ObjectCreatedPost = 's3:ObjectCreated:Post'
/** `s3:ObjectCreated:Copy` */
export const ObjectCreatedCopy = 's3:ObjectCreated:Copy'
/** `s3:ObjectCreated:CompleteMultipartUpload` */
export const ObjectCreatedCompleteMultipartUpload = 's3:ObjectCreated:CompleteMultipartUpload'
/** `s3:ObjectRemoved:*` — every removal event. */
export const ObjectRemovedAll = 's3:ObjectRemoved:*'
/** `s3:ObjectRemoved:Delete` */
export const ObjectRemovedDelete = 's3:ObjectRemoved:Delete'
/** `s3:ObjectRemoved:DeleteMarkerCreated` (AWS versioned buckets; Silo does not emit it). */
export const ObjectRemovedDeleteMarkerCreated = 's3:ObjectRemoved:DeleteMarkerCreated'
/** `s3:ReducedRedundancyLostObject`, spelled as minio-js and AWS spell it. */
export const ObjectReducedRedundancyLostObject = 's3:ReducedRedundancyLostObject'

/**
 * An event name for notification configurations and `listenBucketNotification`: the constants
 * above, `s3:ObjectAccessed:*|Get|Head`, or any other string a server knows.
 * @example
 * const events: NotificationEvent[] = [ObjectCreatedAll, 's3:ObjectAccessed:Get']
 */
export type NotificationEvent =
  | typeof ObjectCreatedAll
  | typeof ObjectCreatedPut
  | typeof ObjectCreatedPost
  | typeof ObjectCreatedCopy
  | typeof ObjectCreatedCompleteMultipartUpload
  | typeof ObjectRemovedAll
  | typeof ObjectRemovedDelete
  | typeof ObjectRemovedDeleteMarkerCreated
  | typeof ObjectReducedRedundancyLostObject
  | 's3:ObjectAccessed:*'
  | 's3:ObjectAccessed:Get'
  | 's3:ObjectAccessed:Head'
  | (string & {})
