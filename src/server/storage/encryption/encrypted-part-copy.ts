import { uploadPartCopyByReading } from '../common/upload-part-copy-by-reading.js'
import type { ObjectInfo, ObjectLayer, PartInfo, UploadPartCopyInput } from '../object-layer.js'
import { checkCustomerKey } from './key-access.js'
import { publicObjectInfo, readSseRecord } from './sse-record.js'

/**
 * UploadPartCopy through the encrypting layer. Between an unencrypted source and an unencrypted
 * upload the backend copies (sharing bytes where it can: one drive hard-links). Otherwise the
 * source is read through the layer (decrypted, with its SSE-C key) and written through it as an
 * UploadPart (encrypted as the upload says, with the upload's SSE-C key).
 */
export async function uploadPartCopy(
  inner: ObjectLayer,
  layer: ObjectLayer,
  input: UploadPartCopyInput,
): Promise<PartInfo> {
  const place = { bucket: input.bucket, key: input.key, uploadId: input.uploadId }
  const { upload } = await inner.listParts({ ...place, maxParts: 0 })
  const source = await inner.headObject(input.sourceBucket, input.sourceKey, {
    versionId: input.sourceVersionId,
  })
  const uploadRecord = readSseRecord(upload.headers)
  const sourceRecord = readSseRecord(source.headers)
  if (uploadRecord || sourceRecord || !inner.uploadPartCopy) return uploadPartCopyByReading(layer, input)
  checkCustomerKey(undefined, input.sourceCustomerKey)
  checkCustomerKey(undefined, input.customerKey)
  const check = input.check && ((read: ObjectInfo) => input.check!(publicObjectInfo(read)))
  return inner.uploadPartCopy({ ...input, check })
}
