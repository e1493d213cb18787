import { S3ServerError } from '../../errors.js'
import type { ObjectLayer } from '../../storage/object-layer.js'

/**
 * S3 takes the SSE-C headers on CompleteMultipartUpload. Sent, they are checked against the
 * upload rather than ignored: an upload that is not SSE-C is 400 InvalidRequest, as a GET of a
 * plaintext object with a key is. The key itself was verified on every UploadPart (storage keeps
 * only a salted MAC of it, which it checks when writing parts), and Complete writes no bytes.
 *
 * @example if (key) await checkUploadIsSseC(ctx.storage, { bucket, key: name, uploadId })
 */
export async function checkUploadIsSseC(
  storage: ObjectLayer,
  upload: { bucket: string; key: string; uploadId: string },
): Promise<void> {
  const { upload: info } = await storage.listParts({ ...upload, maxParts: 1 })
  if (info.encryption?.kind !== 'SSE-C') {
    throw new S3ServerError('InvalidRequest', 'The encryption parameters are not applicable to this object.')
  }
}
