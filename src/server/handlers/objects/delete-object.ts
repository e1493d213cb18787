import type { Handler } from '../../context.js'
import { sendEmpty } from '../../response/send.js'

/** DeleteObject: 204 whether or not the key existed (S3 semantics). */
export const handleDeleteObject: Handler = async ({ ctx, res, route }) => {
  await ctx.storage.deleteObject(route.bucket, route.key)
  sendEmpty(res, 204)
}
