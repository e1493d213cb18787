/** CreateMultipartUpload: `POST /bucket/key?uploads`, resolved with the new upload ID. */
import { readXml } from '../../../transport/parse.js'
import type { Transport } from '../../../transport/transport.js'
import { textOf } from '../../../transport/xml.js'

/**
 * Starts a multipart upload; `headers` carry the object's content type and metadata.
 * @example
 * const uploadId = await createMultipartUpload(transport, 'photos', 'big.bin', { 'content-type': 'video/mp4' })
 */
export async function createMultipartUpload(
  t: Transport,
  bucket: string,
  key: string,
  headers: Record<string, string> | undefined,
  signal?: AbortSignal,
): Promise<string> {
  return t.call({ method: 'POST', bucket, key, query: { uploads: '' }, headers, signal }, async (res) =>
    textOf(await readXml(res, 'InitiateMultipartUploadResult'), 'UploadId'),
  )
}
