import type { IncomingMessage } from 'node:http'
import { readNodeHeaders } from '../../auth/refuse-unhonoured-headers.js'
import { customerKeyOf, type HeaderReader, readSseRequest, type SseRequest } from '../../auth/sse-headers.js'
import type {
  CustomerKey,
  EncryptionRequest,
  ObjectEncryption,
  ObjectLayer,
} from '../../storage/object-layer.js'
import { bucketEncryptionOf } from './bucket-encryption.js'

/**
 * The encryption headers of a request, read for its handler (the pipeline has checked them:
 * where they may be sent, TLS for customer keys, their form).
 *
 * @example const { encryption, sourceKey } = requestSse(req)
 */
export function requestSse(req: IncomingMessage): SseRequest {
  return readSseRequest(readNodeHeaders(req.headers))
}

/**
 * The SSE-C key a read (GET, HEAD, UploadPart...) sends for its object, if any.
 *
 * @example await ctx.storage.headObject(bucket, key, { customerKey: requestCustomerKey(req) })
 */
export function requestCustomerKey(req: IncomingMessage): CustomerKey | undefined {
  return customerKeyOf(requestSse(req).encryption)
}

/**
 * The encryption of the object a write makes (PutObject, POST Object, CopyObject,
 * CreateMultipartUpload): the request's (SSE-S3 or SSE-C), else the bucket's default (SSE-S3),
 * else none. The bucket's document is read only when the request asks for nothing.
 *
 * @example const encryption = await writeEncryption(ctx.storage, route.bucket, readNodeHeaders(req.headers))
 */
export async function writeEncryption(
  storage: ObjectLayer,
  bucket: string,
  read: HeaderReader,
): Promise<EncryptionRequest | undefined> {
  const asked = readSseRequest(read).encryption
  if (asked) return asked
  return (await bucketEncryptionOf(storage, bucket)) ? { kind: 'SSE-S3' } : undefined
}

/**
 * The response headers S3 sends about a stored object's encryption: `x-amz-server-side-encryption:
 * AES256` for SSE-S3, the SSE-C algorithm and key MD5 for SSE-C (never the key); none for a
 * plaintext object.
 *
 * @example res.writeHead(200, { ...encryptionHeaders(info.encryption), etag })
 */
export function encryptionHeaders(encryption: ObjectEncryption | undefined): Record<string, string> {
  if (!encryption) return {}
  if (encryption.kind === 'SSE-S3') return { 'x-amz-server-side-encryption': 'AES256' }
  return {
    'x-amz-server-side-encryption-customer-algorithm': 'AES256',
    ...(encryption.keyMd5 ? { 'x-amz-server-side-encryption-customer-key-md5': encryption.keyMd5 } : {}),
  }
}
