/** removeIncompleteUpload: aborts every incomplete multipart upload of one key. */

import type { Transport } from '../../transport/transport.js'
import { assertBucketName, assertObjectName } from '../../validate.js'
import { uploadsOfKey } from '../listing/list-multipart-uploads.js'
import { abortMultipartUpload } from './multipart/abort-multipart-upload.js'

/**
 * Aborts all incomplete uploads of `objectName` (listing them page by page); nothing to abort is
 * not an error (unlike minio-js HEAD, which then sends `uploadId=undefined`).
 * @example
 * await removeIncompleteUpload(transport, 'videos', 'a.mp4')
 */
export async function removeIncompleteUpload(
  t: Transport,
  bucketName: unknown,
  objectName: unknown,
): Promise<void> {
  assertBucketName(bucketName)
  assertObjectName(objectName)
  for (const upload of await uploadsOfKey(t, bucketName, objectName)) {
    // Another client may have finished or aborted it since it was listed: that is fine here.
    await abortMultipartUpload(t, bucketName, objectName, upload.uploadId).catch(
      (error: { code?: string }) => {
        if (error.code !== 'NoSuchUpload') throw error
      },
    )
  }
}
