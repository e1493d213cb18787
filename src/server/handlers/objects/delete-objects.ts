import type { Handler, ObjectEvent } from '../../context.js'
import { isS3ServerError, S3ServerError } from '../../errors.js'
import { sendXml } from '../../response/send.js'
import { renderXml } from '../../response/xml.js'
import { type DeleteRequest, readDeleteRequest } from './delete-request.js'

/** One key's outcome. */
type Outcome = { key: string; deleted: true } | { key: string; deleted: false; code: string; message: string }

/**
 * DeleteObjects (POST ?delete): up to 1,000 keys, deleted concurrently (so their commits share
 * one group commit); each key's failure is reported in the answer, not as the request's.
 * Quiet mode lists only the failures. One `s3:ObjectRemoved:Delete` event per deleted key.
 */
export const handleDeleteObjects: Handler = async (args) => {
  const { ctx, res, route, emit } = args
  const request: DeleteRequest = await readDeleteRequest(args)
  const outcomes = await Promise.all(
    request.keys.map(async (key): Promise<Outcome> => {
      try {
        if (key.problem) throw new S3ServerError(key.problem.code, key.problem.message)
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
