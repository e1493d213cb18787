import type { DeleteObjectResult } from '../../storage/object-layer.js'

/**
 * DeleteObject's headers for what storage did: `x-amz-version-id` of the version removed or the
 * delete marker written, and `x-amz-delete-marker: true` when that was a delete marker (written,
 * or removed by its ID). Nothing for a bucket that never had versioning.
 *
 * @example sendEmpty(res, 204, deleteAnswerHeaders(result))
 */
export function deleteAnswerHeaders(result: DeleteObjectResult | undefined): Record<string, string> {
  const headers: Record<string, string> = {}
  if (result?.deleteMarker) headers['x-amz-delete-marker'] = 'true'
  if (result?.versionId !== undefined) headers['x-amz-version-id'] = result.versionId
  return headers
}
