/**
 * putObject: one `PUT /bucket/key` up to 5 MiB, a multipart upload above (resumable, parallel,
 * bounded memory). Arguments follow minio-js: `(bucket, key, data, size?, metaData?, options?)`,
 * where `size` may be left out.
 */
import { InvalidArgumentError } from '../../errors.js'
import type { WireResponse } from '../../platform/types.js'
import { discardBody, headerOf, sanitizeETag } from '../../transport/parse.js'
import type { Transport } from '../../transport/transport.js'
import { md5Base64 } from '../../upload/digest.js'
import { metadataToHeaders } from '../../upload/metadata.js'
import { uploadMultipart } from '../../upload/multipart-upload.js'
import { planUpload, type UploadPlan } from '../../upload/plan-upload.js'
import { optionalSize, toUploadSource, type UploadSource } from '../../upload/source.js'
import { type ResolvedUploadOptions, resolveUploadOptions } from '../../upload/upload-options.js'
import type { UploadedObjectInfo } from '../../upload/uploaded-object-info.js'
import { assertBucketName, assertObjectName } from '../../validate.js'

/**
 * Uploads an object. `size` may be left out (`putObject(bucket, key, data, metaData, options)`).
 * @example
 * await putObject(transport, 'photos', 'a.txt', 'hello', undefined, { 'Content-Type': 'text/plain' })
 */
export async function putObject(
  t: Transport,
  bucketName: unknown,
  objectName: unknown,
  data: unknown,
  size?: unknown,
  metaData?: unknown,
  uploadOptions?: unknown,
): Promise<UploadedObjectInfo> {
  assertBucketName(bucketName)
  assertObjectName(objectName)
  if (typeof size === 'object' && size !== null) [size, metaData, uploadOptions] = [undefined, size, metaData]
  const source = uploadSourceOf(data)
  // minio-js: the length of bytes and strings wins over `size`; a size that is not a number
  // ('' or null) means unknown; falsy metaData ('' or null) means none.
  if (source.kind === 'bytes' || typeof size !== 'number') size = undefined
  const headers = metadataToHeaders(metaData || undefined)
  const options = resolveUploadOptions(uploadOptions)
  options.signal?.throwIfAborted()
  const sizing = { option: options.partSize, client: t.options.partSize }
  const plan = await planUpload(source, optionalSize(size), sizing)
  return sendPlan(t, bucketName, objectName, plan, headers, options)
}

/**
 * Sends a planned upload (also used by fPutObject).
 * @example
 * return sendPlan(transport, 'photos', 'a.bin', plan, headers, options)
 */
export async function sendPlan(
  t: Transport,
  bucket: string,
  key: string,
  plan: UploadPlan,
  headers: Record<string, string> | undefined,
  options: ResolvedUploadOptions,
): Promise<UploadedObjectInfo> {
  if (plan.kind === 'multipart') {
    const input = { bucket, key, headers, chunks: plan.chunks, sizeOf: plan.sizeOf, total: plan.size }
    return uploadMultipart(t, input, options)
  }
  const withMd5 = { ...headers }
  // Bytes in memory are cheap to hash; the server then refuses them if they arrive altered. The
  // signature covers Content-MD5, so the body goes as UNSIGNED-PAYLOAD over plain HTTP too: one
  // hash on each side instead of MD5 and SHA-256, as UploadPart (issue 18).
  const inMemory = plan.body instanceof Uint8Array
  if (plan.body instanceof Uint8Array && withMd5['content-md5'] === undefined) {
    withMd5['content-md5'] = md5Base64(plan.body)
  }
  const request = {
    method: 'PUT' as const,
    bucket,
    key,
    headers: withMd5,
    body: plan.body,
    signal: options.signal,
    unsignedPayload: inMemory,
  }
  const info = await t.call(request, parseUploaded)
  options.onProgress?.({ loaded: plan.size, total: plan.size })
  return info
}

/**
 * Reads ETag and version ID of an upload response.
 * @example
 * const info = parseUploaded(res)
 */
export async function parseUploaded(res: WireResponse): Promise<UploadedObjectInfo> {
  await discardBody(res)
  return { etag: sanitizeETag(headerOf(res, 'etag')), versionId: headerOf(res, 'x-amz-version-id') ?? null }
}

/** The upload source, or minio-js's TypeError for data that is no stream, bytes or string. */
function uploadSourceOf(data: unknown): UploadSource {
  try {
    return toUploadSource(data)
  } catch (error) {
    if (!(error instanceof InvalidArgumentError)) throw error
    throw new TypeError('third argument should be of type "stream.Readable" or "Buffer" or "string"')
  }
}
