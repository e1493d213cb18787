import type { Handler } from '../../context.js'
import { sendEmpty } from '../../response/send.js'
import { readUploadId } from './upload-params.js'

/** AbortMultipartUpload: discards the upload and its parts (204); NoSuchUpload when unknown. */
export const handleAbortMultipartUpload: Handler = async ({ ctx, res, route }) => {
  await ctx.storage.abortMultipartUpload(route.bucket, route.key, readUploadId(route))
  sendEmpty(res, 204)
}
