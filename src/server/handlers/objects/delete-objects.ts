import { isActionAllowed } from '../../auth/authorize.js'
import type { Handler, HandlerArgs } from '../../context.js'
import { isS3ServerError, S3ServerError } from '../../errors.js'
import type { ObjectEvent } from '../../events/event-publisher.js'
import { sendXml } from '../../response/send.js'
import { renderXml } from '../../response/xml.js'
import type { DeleteObjectResult } from '../../storage/object-layer.js'
import { deleteLockCheck } from '../object-lock/delete-lock-check.js'
import { readBucketVersioning } from '../versioning/bucket-versioning.js'
import { type DeleteKey, type DeleteRequest, readDeleteRequest } from './delete-request.js'

/** One key's outcome. */
type Outcome =
  | { target: DeleteKey; deleted: true; result: DeleteObjectResult | undefined }
  | { target: DeleteKey; deleted: false; code: string; message: string }

/**
 * DeleteObjects (POST ?delete): up to 1,000 keys, deleted concurrently (so their commits share
 * one group commit); each key's failure is reported in the answer, not as the request's.
 * Quiet mode lists only the failures. One `s3:ObjectRemoved:Delete` event per deleted key.
 * Authorization is per key (the keys are only known from the body): a key the caller may not
 * `s3:DeleteObject` (`s3:DeleteObjectVersion` with a `<VersionId>`) is reported as AccessDenied
 * and left in place; the others are deleted. A `<VersionId>` removes that version; without one,
 * a versioned bucket gets a delete marker; the answer says which, as S3 (`VersionId`,
 * `DeleteMarker`, `DeleteMarkerVersionId`). A version object lock protects is reported as
 * AccessDenied and kept (`x-amz-bypass-governance-retention` applies to every key).
 */
export const handleDeleteObjects: Handler = async (args) => {
  const { ctx, res, route, emit } = args
  const request: DeleteRequest = await readDeleteRequest(args)
  const versioning = await readBucketVersioning(ctx.storage, route.bucket)
  const outcomes = await Promise.all(
    request.keys.map(async (target): Promise<Outcome> => {
      try {
        if (target.problem) throw new S3ServerError(target.problem.code, target.problem.message)
        if (!(await mayDelete(args, target))) throw accessDenied(args, target)
        const check = await deleteLockCheck(args, route.bucket, target.key)
        const options =
          target.versionId !== undefined ? { versionId: target.versionId, check } : { versioning, check }
        const result = (await ctx.storage.deleteObject(route.bucket, target.key, options)) ?? undefined
        return { target, deleted: true, result }
      } catch (error) {
        if (!isS3ServerError(error) || error.code === 'NoSuchBucket') throw error
        return { target, deleted: false, code: error.code, message: error.message }
      }
    }),
  )
  const events: ObjectEvent[] = outcomes.flatMap((o) => {
    if (!o.deleted) return []
    const versionId = o.result?.versionId
    const event: ObjectEvent = { name: 's3:ObjectRemoved:Delete', bucket: route.bucket, key: o.target.key }
    return [versionId === undefined ? event : { ...event, versionId }]
  })
  await emit(events)
  const xml = renderXml('DeleteResult', {
    Deleted: request.quiet
      ? []
      : outcomes.flatMap((o) => (o.deleted ? [deletedEntry(o.target, o.result)] : [])),
    Error: outcomes.flatMap((o) =>
      o.deleted
        ? []
        : [
            {
              Key: o.target.key,
              ...(o.target.versionId === undefined ? {} : { VersionId: o.target.versionId }),
              Code: o.code,
              Message: o.message,
            },
          ],
    ),
  })
  sendXml(res, 200, xml)
}

/**
 * A `<Deleted>` entry as S3 writes it: the version asked for (`VersionId`), and when a delete
 * marker was written or removed, `DeleteMarker` and the marker's `DeleteMarkerVersionId`.
 */
function deletedEntry(target: DeleteKey, result: DeleteObjectResult | undefined): Record<string, string> {
  const entry: Record<string, string> = { Key: target.key }
  if (target.versionId !== undefined) entry.VersionId = target.versionId
  if (result?.deleteMarker) {
    entry.DeleteMarker = 'true'
    if (result.versionId !== undefined) entry.DeleteMarkerVersionId = result.versionId
  }
  return entry
}

function mayDelete(args: HandlerArgs, target: DeleteKey): Promise<boolean> {
  return isActionAllowed(args, actionOf(target), args.route.bucket, target.key)
}

function actionOf(target: DeleteKey): 's3:DeleteObject' | 's3:DeleteObjectVersion' {
  return target.versionId === undefined ? 's3:DeleteObject' : 's3:DeleteObjectVersion'
}

function accessDenied(args: HandlerArgs, target: DeleteKey): S3ServerError {
  const { identity } = args.auth
  const who = identity.anonymous ? 'anonymous requests' : identity.accessKey
  return new S3ServerError(
    'AccessDenied',
    `Access Denied: ${who} may not ${actionOf(target)} on arn:aws:s3:::${args.route.bucket}/${target.key}.`,
  )
}
