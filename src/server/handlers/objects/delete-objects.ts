import { isActionAllowed } from '../../auth/authorize.js'
import type { Handler, HandlerArgs } from '../../context.js'
import { isS3ServerError, S3ServerError } from '../../errors.js'
import type { ObjectEvent } from '../../events/event-publisher.js'
import { sendXml } from '../../response/send.js'
import { renderXml } from '../../response/xml.js'
import { type DeleteRequest, readDeleteRequest } from './delete-request.js'

/** One key's outcome. */
type Outcome = { key: string; deleted: true } | { key: string; deleted: false; code: string; message: string }

/**
 * DeleteObjects (POST ?delete): up to 1,000 keys, deleted concurrently (so their commits share
 * one group commit); each key's failure is reported in the answer, not as the request's.
 * Quiet mode lists only the failures. One `s3:ObjectRemoved:Delete` event per deleted key.
 * Authorization is per key (the keys are only known from the body): a key the caller may not
 * `s3:DeleteObject` is reported as AccessDenied and left in place; the others are deleted.
 */
export const handleDeleteObjects: Handler = async (args) => {
  const { ctx, res, route, emit } = args
  const request: DeleteRequest = await readDeleteRequest(args)
  const outcomes = await Promise.all(
    request.keys.map(async (key): Promise<Outcome> => {
      try {
        if (key.problem) throw new S3ServerError(key.problem.code, key.problem.message)
        if (!(await mayDelete(args, key.key))) throw accessDenied(args, key.key)
        await ctx.storage.deleteObject(route.bucket, key.key)
        return { key: key.key, deleted: true }
      } catch (error) {
        if (!isS3ServerError(error) || error.code === 'NoSuchBucket') throw error
        return { key: key.key, deleted: false, code: error.code, message: error.message }
      }
    }),
  )
  const events: ObjectEvent[] = outcomes.flatMap((o) =>
    o.deleted ? [{ name: 's3:ObjectRemoved:Delete' as const, bucket: route.bucket, key: o.key }] : [],
  )
  await emit(events)
  const xml = renderXml('DeleteResult', {
    Deleted: request.quiet ? [] : outcomes.flatMap((o) => (o.deleted ? [{ Key: o.key }] : [])),
    Error: outcomes.flatMap((o) => (o.deleted ? [] : [{ Key: o.key, Code: o.code, Message: o.message }])),
  })
  sendXml(res, 200, xml)
}

function mayDelete(args: HandlerArgs, key: string): Promise<boolean> {
  return isActionAllowed(args, 's3:DeleteObject', args.route.bucket, key)
}

function accessDenied(args: HandlerArgs, key: string): S3ServerError {
  const { identity } = args.auth
  const who = identity.anonymous ? 'anonymous requests' : identity.accessKey
  return new S3ServerError(
    'AccessDenied',
    `Access Denied: ${who} may not s3:DeleteObject on arn:aws:s3:::${args.route.bucket}/${key}.`,
  )
}
