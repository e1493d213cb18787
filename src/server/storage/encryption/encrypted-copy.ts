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
import { checkCustomerKey } from './key-access.js'
import { publicObjectInfo, readSseRecord, withoutInternal } from './sse-record.js'

/** The encrypting layer's own reads and writes, which a re-encrypting copy goes through. */
export interface PlainAccess {
  getObject(bucket: string, key: string, range?: undefined, options?: ReadOptions): Promise<GetObjectResult>
  putObject(input: PutObjectInput): Promise<ObjectInfo>
}

/**
 * CopyObject through the encrypting layer. Between unencrypted objects the backend copies (and
 * shares the bytes where it can). When the source or the destination is encrypted, the copy
 * decrypts the source and encrypts anew for the destination: a new object key sealed for the
 * new name (SSE-S3), or the destination's customer key (SSE-C). That also covers a copy onto
 * itself that changes the encryption (rotating an SSE-C key, encrypting in place).
 */
export async function copyObject(
  inner: ObjectLayer,
  layer: PlainAccess,
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
    return copyObject(inner, layer, input, attempt + 1)
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
