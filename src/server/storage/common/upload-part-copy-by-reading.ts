import type { ObjectLayer, PartInfo, UploadPartCopyInput } from '../object-layer.js'
import { createPartDigester, digestWhileReading, uploadChecksumSuffix } from './part-copy-digests.js'

/**
 * UploadPartCopy by copying bytes: reads (the range of) the source and uploads it as the part, so
 * the part is written, hashed and committed exactly as an UploadPart of the same bytes is (MD5
 * ETag; the upload's checksum algorithm computed over the bytes, so a checksummed upload made of
 * copied parts completes). What every backend does when it cannot share the source's bytes.
 *
 * @example const part = await uploadPartCopyByReading(storage, { sourceBucket: 'b', sourceKey: 'src', bucket: 'b', key: 'dst', uploadId, partNumber: 1 })
 */
export async function uploadPartCopyByReading(
  layer: Pick<ObjectLayer, 'getObject' | 'uploadPart' | 'listParts'>,
  input: UploadPartCopyInput,
): Promise<PartInfo> {
  const place = { bucket: input.bucket, key: input.key, uploadId: input.uploadId }
  // NoSuchUpload before the source is opened; the algorithm is the one every part must carry.
  const { upload } = await layer.listParts({ ...place, maxParts: 0 })
  const suffix = uploadChecksumSuffix(upload.headers)
  const { info, body } = await layer.getObject(input.sourceBucket, input.sourceKey, input.range, {
    customerKey: input.sourceCustomerKey,
    versionId: input.sourceVersionId,
  })
  try {
    input.check?.(info)
  } catch (error) {
    body.destroy()
    throw error
  }
  const size = input.range ? input.range.end - input.range.start + 1 : info.size
  const digested = digestWhileReading(body, createPartDigester({ md5: false, suffix }))
  return layer
    .uploadPart({
      ...place,
      partNumber: input.partNumber,
      body: digested.body,
      size,
      trailingHeaders: () => digested.result.digests?.checksum ?? {},
      customerKey: input.customerKey,
      signal: input.signal,
    })
    .catch((error: unknown) => {
      // A refused part (say, NoSuchUpload) may not have read the source: release its file.
      body.destroy()
      throw error
    })
}
