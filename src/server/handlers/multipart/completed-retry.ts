import { createHash } from 'node:crypto'
import { isS3ServerError } from '../../errors.js'
import type { CompleteMultipartUploadInput, ObjectInfo, ObjectLayer } from '../../storage/object-layer.js'

/**
 * The object a CompleteMultipartUpload already made, when `input` repeats it: clients retry a
 * Complete whose answer they lost (a timeout), and S3 answers the retry 200 with the same result.
 * It is the same request when the key still holds the object that upload made (its upload ID)
 * and the parts list gives that object's ETag (MD5 of the parts' MD5s, then `-N`); anything else
 * (another parts list, the object since replaced or deleted, an ID never issued) is undefined,
 * and the caller answers NoSuchUpload as before. Nothing is written either way.
 *
 * @example const done = await findCompletedUpload(ctx.storage, input)
 */
export async function findCompletedUpload(
  storage: ObjectLayer,
  input: CompleteMultipartUploadInput,
): Promise<ObjectInfo | undefined> {
  let info: ObjectInfo
  try {
    info = await storage.headObject(input.bucket, input.key)
  } catch (e) {
    if (isS3ServerError(e)) return undefined
    throw e
  }
  if (info.uploadId !== input.uploadId || info.etag !== multipartEtagOf(input.parts)) return undefined
  return info
}

// S3's multipart ETag: the MD5 of the concatenated binary MD5s of the parts, then -<count>.
function multipartEtagOf(parts: CompleteMultipartUploadInput['parts']): string {
  const md5 = createHash('md5')
  for (const part of parts) md5.update(Buffer.from(part.etag.replaceAll('"', ''), 'hex'))
  return `${md5.digest('hex')}-${parts.length}`
}
