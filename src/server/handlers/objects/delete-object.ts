import type { Handler } from '../../context.js'
import { sendEmpty } from '../../response/send.js'

/** DeleteObject: 204 whether or not the key existed (S3 semantics). */
export const handleDeleteObject: Handler = async ({ ctx, res, route, emit }) => {
  await ctx.storage.deleteObject(route.bucket, route.key)
  await emit([{ name: 's3:ObjectRemoved:Delete', bucket: route.bucket, key: route.key }])
  sendEmpty(res, 204)
}
