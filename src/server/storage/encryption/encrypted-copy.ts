import { S3ServerError } from '../../errors.js'
import { copyMetadataOf } from '../common/copy-metadata.js'
import type {
  CopyObjectInput,
  GetObjectResult,
  ObjectInfo,
  ObjectLayer,
  PutObjectInput,
  ReadOptions,
} from '../object-layer.js'
import { ObjectChangedError } from './encrypted-read.js'
import { checkCustomerKey, type EncryptionOptions, openObjectKey, resealSseS3Key } from './key-access.js'
import { publicObjectInfo, readSseRecord, type SseRecord, sseHeaders, withoutInternal } from './sse-record.js'

/** The encrypting layer's own reads and writes, which a re-encrypting copy goes through. */
export interface PlainAccess {
  getObject(bucket: string, key: string, range?: undefined, options?: ReadOptions): Promise<GetObjectResult>
  putObject(input: PutObjectInput): Promise<ObjectInfo>
}

/**
 * CopyObject through the encrypting layer. Between unencrypted objects the backend copies (and
 * shares the bytes where it can); so does an SSE-S3 copy of an SSE-S3 object, its object key
 * sealed anew for the new name. Otherwise, when the source or the destination is encrypted, the
 * copy decrypts the source and encrypts anew for the destination: a new object key sealed for
 * the new name (SSE-S3), or the destination's customer key (SSE-C). That also covers a copy onto
 * itself that changes the encryption (rotating an SSE-C key, encrypting in place).
 */
export async function copyObject(
  inner: ObjectLayer,
  layer: PlainAccess,
  options: EncryptionOptions,
  input: CopyObjectInput,
  attempt = 1,
): Promise<ObjectInfo> {
  const { encryption, sourceCustomerKey, ...rest } = input
  const version = { versionId: input.sourceVersionId }
  const source = await inner.headObject(input.sourceBucket, input.sourceKey, version)
  const record = readSseRecord(source.headers)
  checkCustomerKey(record, sourceCustomerKey)
  const visible = publicObjectInfo(source, sourceCustomerKey?.keyMd5)
  if (!record && !encryption) {
    const check = input.check && ((read: ObjectInfo) => input.check!(publicObjectInfo(read)))
    return publicObjectInfo(await inner.copyObject({ ...rest, check }))
  }
  if (record?.kind === 'SSE-S3' && encryption?.kind === 'SSE-S3') {
    try {
      return await resealedCopy(inner, options, input, source, record)
    } catch (error) {
      if (!(error instanceof ObjectChangedError) || attempt >= 3) throw error
      return copyObject(inner, layer, options, input, attempt + 1)
    }
  }
  input.check?.(visible)
  const metadata = copyMetadataOf(input, {
    contentType: source.contentType,
    headers: withoutInternal(source.headers),
  })
  const read = await layer.getObject(input.sourceBucket, input.sourceKey, undefined, {
    customerKey: sourceCustomerKey,
    ...version,
  })
  if (read.info.etag !== visible.etag) {
    if (!read.data) read.body.destroy()
    // The source was replaced between the two reads: check the new one as the copy would.
    if (attempt >= 3)
      throw new S3ServerError(
        'InternalError',
        'The copy source kept changing while it was read; retry the request.',
      )
    return copyObject(inner, layer, options, input, attempt + 1)
  }
  return layer.putObject({
    bucket: input.bucket,
    key: input.key,
    body: read.body,
    size: visible.size,
    contentType: metadata.contentType,
    headers: metadata.headers,
    condition: input.condition,
    versioning: input.versioning,
    encryption,
  })
}

/**
 * SSE-S3 to SSE-S3: the backend copies the stored bytes (a hard link on one drive) with the
 * record's object key sealed for the destination's name; the parts' stream keys derive from the
 * object key, so they open unchanged. The backend's check makes sure it copies the version whose
 * key was unsealed.
 */
async function resealedCopy(
  inner: ObjectLayer,
  options: EncryptionOptions,
  input: CopyObjectInput,
  source: ObjectInfo,
  record: SseRecord,
): Promise<ObjectInfo> {
  const { encryption: _encryption, sourceCustomerKey: _none, ...rest } = input
  const objectKey = openObjectKey(options, record, source.bucket, source.key, undefined)
  const metadata = copyMetadataOf(input, {
    contentType: source.contentType,
    headers: withoutInternal(source.headers),
  })
  const sealed = resealSseS3Key(options, objectKey, input.bucket, input.key)
  const headers = { ...metadata.headers, ...sseHeaders({ ...record, ...sealed }) }
  const check = (read: ObjectInfo) => {
    if (read.etag !== source.etag || readSseRecord(read.headers)?.sealedKey !== record.sealedKey) {
      throw new ObjectChangedError(source)
    }
    input.check?.(publicObjectInfo(read))
  }
  const copied = await inner.copyObject({
    ...rest,
    metadata: { contentType: metadata.contentType, headers },
    check,
  })
  return publicObjectInfo(copied)
}
