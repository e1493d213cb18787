import type { Handler } from '../../context.js'
import { requestCustomerKey } from '../encryption/request-encryption.js'
import { readVersionIdParam } from '../versioning/version-params.js'
import { answerHead } from './answer-head.js'
import { checkConditions } from './conditions.js'
import { readPartNumber, selectRange } from './object-range.js'

/**
 * HeadObject: the object's headers and length, no body; the same conditions as GET, and the
 * same Range / `partNumber` selection (206 with Content-Range). An SSE-C object needs its key.
 * `?versionId=` reads that version (as GetObject). A locked version's `x-amz-object-lock-*`
 * headers go to callers allowed to read them (permittedLockHeaders).
 */
export const handleHeadObject: Handler = async (args) => {
  const { ctx, req, res, route, emit } = args
  const partNumber = readPartNumber(route, req.headers)
  const versionId = readVersionIdParam(route)
  const info = await ctx.storage.headObject(route.bucket, route.key, {
    customerKey: requestCustomerKey(req),
    versionId,
  })
  checkConditions(req.headers, info)
  const selection = selectRange(info, req.headers.range, partNumber)
  await emit([{ name: 's3:ObjectAccessed:Head', bucket: route.bucket, key: route.key, object: info }])
  const head = await answerHead(args, info, { versionId, selection, length: info.size })
  res.writeHead(head.status, head.headers)
  res.end()
}
