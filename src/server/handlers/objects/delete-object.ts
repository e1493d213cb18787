import type { Handler } from '../../context.js'
import { sendEmpty } from '../../response/send.js'
import { deleteLockCheck } from '../object-lock/delete-lock-check.js'
import { readBucketVersioning } from '../versioning/bucket-versioning.js'
import { deleteAnswerHeaders } from '../versioning/delete-answer.js'
import { forceDeletePrefix, isForceDelete } from '../versioning/force-delete.js'
import { readVersionIdParam } from '../versioning/version-params.js'

/**
 * DeleteObject: 204 whether or not the key existed (S3 semantics). `?versionId=` removes that
 * version (or delete marker); without it, a versioned bucket gets a delete marker (Enabled: a new
 * version; Suspended: the null version's place), answered with `x-amz-delete-marker` and
 * `x-amz-version-id`. `x-silo-force-delete: true` / `x-minio-force-delete: true` (root only)
 * removes every version of every object under the key as a prefix. A version object lock
 * protects is not removed (403 AccessDenied; `x-amz-bypass-governance-retention` for GOVERNANCE).
 */
export const handleDeleteObject: Handler = async (args) => {
  const { ctx, req, res, route, auth, emit } = args
  if (isForceDelete(req.headers)) {
    await emit(await forceDeletePrefix(ctx.storage, auth.identity, route.bucket, route.key))
    sendEmpty(res, 204)
    return
  }
  const versionId = readVersionIdParam(route)
  // Removing a version object lock protects is 403 AccessDenied (adding a delete marker is not).
  const check = await deleteLockCheck(args, route.bucket, route.key)
  const options =
    versionId !== undefined
      ? { versionId, check }
      : { versioning: await readBucketVersioning(ctx.storage, route.bucket), check }
  const result = (await ctx.storage.deleteObject(route.bucket, route.key, options)) ?? undefined
  await emit([
    {
      name: 's3:ObjectRemoved:Delete',
      bucket: route.bucket,
      key: route.key,
      ...(result?.versionId === undefined ? {} : { versionId: result.versionId }),
    },
  ])
  sendEmpty(res, 204, deleteAnswerHeaders(result))
}
