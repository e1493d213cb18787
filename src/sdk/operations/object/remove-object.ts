/** DeleteObject: `DELETE /bucket/key`. */
import { discardBody } from '../../transport/parse.js'
import type { Transport } from '../../transport/transport.js'
import { assertBucketName, assertObjectName, optionalObject, optionalString } from '../../validate.js'

/**
 * Options of `removeObject`.
 * @example
 * await client.removeObject('records', 'r.pdf', { versionId, governanceBypass: true })
 */
export interface RemoveOptions {
  /** Delete this version (else a delete marker is added on versioned buckets). */
  versionId?: string
  /** Override GOVERNANCE-mode retention (`x-amz-bypass-governance-retention`). */
  governanceBypass?: boolean
  /** MinIO extension: delete a prefix and everything under it (`x-minio-force-delete`). */
  forceDelete?: boolean
}

/**
 * Removes an object; succeeds also when it did not exist (S3 semantics).
 * @example
 * await removeObject(transport, 'photos', 'a.jpg')
 */
export async function removeObject(
  t: Transport,
  bucketName: unknown,
  objectName: unknown,
  removeOpts?: unknown,
): Promise<void> {
  assertBucketName(bucketName)
  assertObjectName(objectName)
  const options = optionalObject<RemoveOptions>(removeOpts, 'removeOpts')
  const versionId = optionalString(options.versionId, 'removeOpts.versionId')
  const headers: Record<string, string> = {}
  if (options.governanceBypass) headers['x-amz-bypass-governance-retention'] = 'true'
  if (options.forceDelete) headers['x-minio-force-delete'] = 'true'
  await t.call(
    {
      method: 'DELETE',
      bucket: bucketName,
      key: objectName,
      headers,
      query: versionId ? { versionId } : undefined,
    },
    discardBody,
  )
}
