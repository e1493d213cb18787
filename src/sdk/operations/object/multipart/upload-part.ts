/** UploadPart: `PUT /bucket/key?partNumber=N&uploadId=ID` with the part's Content-MD5. */
import { headerOf, sanitizeETag } from '../../../transport/parse.js'
import type { Transport } from '../../../transport/transport.js'
import { md5Base64 } from '../../../upload/digest.js'

/** A part the server holds: its number and ETag (unquoted). */
export interface UploadedPart {
  partNumber: number
  etag: string
}

/**
 * Uploads one part. The server checks Content-MD5, so a part corrupted on the way is refused.
 * The signature covers that header, so the body goes as `UNSIGNED-PAYLOAD` over plain HTTP too:
 * one hash per part on each side instead of MD5 and SHA-256 (the MD5 is what S3 makes the part's
 * ETag, and what S3 requires of a part in an Object Lock bucket; issue 18).
 * `onSent` hears the part's bytes as they are sent (upload progress); `extraHeaders` are an
 * SSE-C upload's key headers, which S3 needs on every part.
 * @example
 * const { etag } = await uploadPart(transport, 'photos', 'big.bin', uploadId, 1, bytes)
 */
export async function uploadPart(
  t: Transport,
  bucket: string,
  key: string,
  uploadId: string,
  partNumber: number,
  bytes: Uint8Array,
  signal?: AbortSignal,
  onSent?: (bytes: number) => void,
  extraHeaders?: Record<string, string>,
): Promise<UploadedPart> {
  const query = { partNumber: String(partNumber), uploadId }
  const headers = { ...extraHeaders, 'content-md5': md5Base64(bytes) }
  const request = {
    method: 'PUT' as const,
    bucket,
    key,
    query,
    headers,
    body: bytes,
    signal,
    onSent,
    unsignedPayload: true,
  }
  return t.call(request, async (res) => {
    await res.discard()
    return { partNumber, etag: sanitizeETag(headerOf(res, 'etag')) }
  })
}
