import { S3ServerError } from '../../errors.js'
import { isVersionId } from './version-id.js'

/**
 * The answers of reads and writes that meet versions (S3's): a delete marker as the latest
 * version is NoSuchKey, a delete marker named by its version ID is 405 MethodNotAllowed, both
 * with `x-amz-delete-marker: true` and the marker's `x-amz-version-id` (and Last-Modified);
 * an unknown version ID is NoSuchVersion; one that cannot be ours is 400 InvalidArgument.
 */

/** GET/HEAD without a version ID whose latest version is the delete marker `versionId`. */
export function latestIsDeleteMarker(key: string, versionId: string, lastModified: Date): S3ServerError {
  return withMarkerHeaders(new S3ServerError('NoSuchKey', undefined, { Key: key }), versionId, lastModified)
}

/**
 * A request naming a delete marker by its version ID where only an object version will do (GET,
 * HEAD, copy source, tagging, retention...): 405 MethodNotAllowed.
 */
export function versionIsDeleteMarker(method: string, versionId: string, lastModified: Date): S3ServerError {
  const error = new S3ServerError('MethodNotAllowed', undefined, {
    Method: method,
    ResourceType: 'DeleteMarker',
  })
  return withMarkerHeaders(error, versionId, lastModified)
}

/** A version ID the key does not have. */
export function noSuchVersion(key: string, versionId: string): S3ServerError {
  return new S3ServerError('NoSuchVersion', undefined, { Key: key, VersionId: versionId })
}

/** Throws InvalidArgument for a version ID no version of ours can have (checked before any lookup). */
export function checkVersionId(versionId: string): void {
  if (!isVersionId(versionId)) {
    throw new S3ServerError('InvalidArgument', 'Invalid version id specified', {
      ArgumentName: 'versionId',
      ArgumentValue: versionId,
    })
  }
}

function withMarkerHeaders(error: S3ServerError, versionId: string, lastModified: Date): S3ServerError {
  error.headers['x-amz-delete-marker'] = 'true'
  error.headers['x-amz-version-id'] = versionId
  error.headers['last-modified'] = lastModified.toUTCString()
  return error
}
