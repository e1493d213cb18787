import type { Handler } from '../../context.js'
import { checkConditions } from './conditions.js'
import { objectHeaders } from './object-headers.js'

/** HeadObject: the object's headers and length, no body. */
export const handleHeadObject: Handler = async ({ ctx, req, res, route, emit }) => {
  const info = await ctx.storage.headObject(route.bucket, route.key)
  checkConditions(req.headers, info)
  await emit([{ name: 's3:ObjectAccessed:Head', bucket: route.bucket, key: route.key, object: info }])
  res.writeHead(200, { ...objectHeaders(info), 'content-length': info.size })
  res.end()
}
