/** AbortMultipartUpload: `DELETE /bucket/key?uploadId=ID`. */
import { discardBody } from '../../../transport/parse.js'
import type { Transport } from '../../../transport/transport.js'

/**
 * Drops an incomplete upload and the parts the server holds for it.
 * @example
 * await abortMultipartUpload(transport, 'photos', 'big.bin', uploadId)
 */
export async function abortMultipartUpload(
  t: Transport,
  bucket: string,
  key: string,
  uploadId: string,
): Promise<void> {
  await t.call({ method: 'DELETE', bucket, key, query: { uploadId } }, discardBody)
}
