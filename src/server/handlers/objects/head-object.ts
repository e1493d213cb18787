import type { Handler } from '../../context.js'
import { expirationHeader } from '../../ilm/expiration-header.js'
import { requestCustomerKey } from '../encryption/request-encryption.js'
import { permittedLockHeaders } from '../object-lock/lock-response-headers.js'
import { permittedTagCount } from '../tagging/tag-count-header.js'
import { readVersionIdParam, versionIdHeader } from '../versioning/version-params.js'
import { checksumResponseHeaders } from './checksum-headers.js'
import { checkConditions } from './conditions.js'
import { objectHeaders } from './object-headers.js'
import { rangeHeaders, readPartNumber, selectRange } from './object-range.js'

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
  // One object, assigned into (spreading each part into a new one cost ≈ 5% of a HEAD's CPU).
  const headers: Record<string, string | number> = Object.assign(
    objectHeaders(info),
    await permittedLockHeaders(args, info),
    await permittedTagCount(args, info),
    versionIdHeader(info),
    await expirationHeader(ctx.storage, info, versionId),
    checksumResponseHeaders(info, req.headers, !selection),
  )
  if (selection) Object.assign(headers, rangeHeaders(selection, info.size))
  else headers['content-length'] = info.size
  res.writeHead(selection ? 206 : 200, headers)
  res.end()
}
