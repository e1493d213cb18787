import { S3ServerError } from '../../errors.js'
import type { CustomerKey, ObjectLayer } from '../../storage/object-layer.js'

/**
 * S3 takes the SSE-C headers on CompleteMultipartUpload; sent, they are checked rather than
 * ignored: the upload must be SSE-C (InvalidRequest otherwise) with this key (AccessDenied
 * otherwise), compared by the key's MD5, the one thing stored about it besides its MAC.
 *
 * @example if (key) await checkUploadCustomerKey(ctx.storage, { bucket, key: name, uploadId }, key)
 */
export async function checkUploadCustomerKey(
  storage: ObjectLayer,
  upload: { bucket: string; key: string; uploadId: string },
  customerKey: CustomerKey,
): Promise<void> {
  const { upload: info } = await storage.listParts({ ...upload, maxParts: 1 })
  if (info.encryption?.kind !== 'SSE-C') {
    throw new S3ServerError('InvalidRequest', 'The encryption parameters are not applicable to this object.')
  }
  if (info.encryption.keyMd5 !== customerKey.keyMd5) {
    throw new S3ServerError(
      'AccessDenied',
      'The SSE-C key does not match the key the upload was created with.',
    )
  }
}
