import { S3ServerError } from '../../errors.js'
import type {
  ByteRange,
  CustomerKey,
  GetObjectResult,
  ObjectInfo,
  ObjectLayer,
  PutObjectInput,
  ReadOptions,
} from '../object-layer.js'
import { copyObject } from './encrypted-copy.js'
import { completeUpload, createUpload, listParts, uploadPart } from './encrypted-multipart.js'
import { uploadPartCopy } from './encrypted-part-copy.js'
import { ObjectChangedError, readEncrypted } from './encrypted-read.js'
import { checkCustomerKey, type EncryptionOptions, sealNewObjectKey } from './key-access.js'
import { sealBody } from './seal-body.js'
import {
  hasInternal,
  INTERNAL_PREFIX,
  publicObjectInfo,
  publicUploadInfo,
  readSseRecord,
  type SseRecord,
  sseHeaders,
  withoutInternal,
} from './sse-record.js'

export type { EncryptionOptions } from './key-access.js'

/**
 * Server-side encryption (SSE-S3, SSE-C) over any ObjectLayer (issue 15). Encrypted objects are
 * stored through the backend as encrypted streams (package-format.ts) with their keys sealed in
 * internal stored headers (sse-record.ts), so both backends encrypt alike, the erasure backend
 * heals ciphertext, and the handlers never see the format: every ObjectInfo this layer returns
 * has the plaintext size, the ETag S3 reports, `encryption`, and no internal headers.
 *
 * Reads: `getObject` always applies the SSE-C key rules (checkCustomerKey); `headObject` applies
 * them when given an options argument (a client's HEAD), and without one is a metadata lookup
 * (authorization, ACLs) that needs no key.
 *
 * Every ObjectLayer method is listed here on purpose (no catch-all proxy): a method added to the
 * interface must decide what it does with encrypted objects. A required one fails the type
 * check until it is added; an optional one (uploadPartCopy, listObjectVersions...) must be added
 * by hand, or the server behaves as if the backend lacked it.
 *
 * @example const storage = createEncryptingLayer(await openSingleDrive(dir), { masterKey })
 */
export function createEncryptingLayer(inner: ObjectLayer, options: EncryptionOptions): ObjectLayer {
  const layer: ObjectLayer = {
    get kind() {
      return inner.kind
    },
    get healer() {
      return inner.healer
    },
    listBuckets: () => inner.listBuckets(),
    createBucket: (name, region) => inner.createBucket(name, region),
    getBucket: (name) => inner.getBucket(name),
    deleteBucket: (name) => inner.deleteBucket(name),
    deleteObject: (bucket, key, deleteOptions) => {
      const check = deleteOptions?.check
      if (!check) return inner.deleteObject(bucket, key, deleteOptions)
      return inner.deleteObject(bucket, key, {
        ...deleteOptions,
        check: (info) => check(publicObjectInfo(info)),
      })
    },
    abortMultipartUpload: (bucket, key, uploadId) => inner.abortMultipartUpload(bucket, key, uploadId),
    getBucketDocument: (bucket, name) => inner.getBucketDocument(bucket, name),
    putBucketDocument: (bucket, name, document) => inner.putBucketDocument(bucket, name, document),
    getSystemDocument: (path) => inner.getSystemDocument(path),
    putSystemDocument: (path, document) => inner.putSystemDocument(path, document),
    listSystemDocuments: (prefix) => inner.listSystemDocuments(prefix),
    usedBytes: () => inner.usedBytes(),
    close: () => inner.close(),
    ...(inner.eventOutbox ? { eventOutbox: inner.eventOutbox } : {}),

    putObject: (input) => putObject(inner, options, input),

    async getObject(bucket, key, range, readOptions) {
      const { customerKey, ...version } = readOptions ?? {}
      for (let attempt = 1; ; attempt++) {
        try {
          return range
            ? await getRange(inner, options, bucket, key, range, customerKey, version)
            : await getWhole(inner, options, bucket, key, customerKey, version)
        } catch (error) {
          // The object was replaced between reading its metadata and its bytes: read the new one.
          if (attempt < 3 && error instanceof ObjectChangedError) continue
          throw error
        }
      }
    },

    async headObject(bucket, key, readOptions) {
      const { customerKey: _key, metadataLookup, ...version } = readOptions ?? {}
      const info = await inner.headObject(bucket, key, version)
      if (metadataLookup) return publicObjectInfo(info)
      const record = readSseRecord(info.headers)
      if (readOptions) checkCustomerKey(record, readOptions.customerKey)
      return publicObjectInfo(info, readOptions?.customerKey?.keyMd5)
    },

    async listObjects(input) {
      const result = await inner.listObjects(input)
      return { ...result, objects: result.objects.map((o) => publicObjectInfo(o)) }
    },

    copyObject: (input) => {
      refuseInternal(input.metadata?.headers)
      return copyObject(inner, layer, options, input)
    },

    createMultipartUpload: (input) => {
      refuseInternal(input.headers)
      return createUpload(inner, options, input)
    },
    uploadPart: (input) => uploadPart(inner, options, input),
    completeMultipartUpload: (input) => completeUpload(inner, input),
    listParts: (input) => listParts(inner, input),
    async listMultipartUploads(input) {
      const result = await inner.listMultipartUploads(input)
      return { ...result, uploads: result.uploads.map(publicUploadInfo) }
    },
  }
  layer.uploadPartCopy = (input) => uploadPartCopy(inner, layer, input)
  if (inner.listObjectVersions) {
    const list = inner.listObjectVersions.bind(inner)
    layer.listObjectVersions = async (input) => {
      const result = await list(input)
      return { ...result, versions: result.versions.map((v) => publicObjectInfo(v)) }
    }
  }
  if (inner.updateObjectMetadata) {
    const update = inner.updateObjectMetadata.bind(inner)
    layer.updateObjectMetadata = async (bucket, key, versionId, change) =>
      publicObjectInfo(await update(bucket, key, versionId, (headers) => keepSseRecord(headers, change)))
  }
  if (inner.layout) layer.layout = () => inner.layout!()
  if (inner.setStorageClasses) layer.setStorageClasses = (classes, o) => inner.setStorageClasses!(classes, o)
  return layer
}

async function putObject(
  inner: ObjectLayer,
  options: EncryptionOptions,
  input: PutObjectInput,
): Promise<ObjectInfo> {
  const { encryption, outbox, ...plain } = input
  refuseInternal(input.headers)
  const keyMd5 = encryption?.kind === 'SSE-C' ? encryption.keyMd5 : undefined
  // The event describes the object as clients see it, as the returned info does.
  const rest: Omit<PutObjectInput, 'encryption'> = outbox
    ? { ...plain, outbox: { ...outbox, encode: (info) => outbox.encode(publicObjectInfo(info, keyMd5)) } }
    : plain
  if (!encryption) return publicObjectInfo(await inner.putObject(rest))
  const { objectKey, record } = sealNewObjectKey(options, encryption, input.bucket, input.key)
  const sealed = sealBody(input, objectKey, 0, encryption.kind === 'SSE-S3')
  // The backend stores the ETag clients see (so conditional writes and listings compare and
  // show it), and spares hashing the ciphertext.
  const stored = await inner.putObject({
    ...rest,
    body: sealed.body,
    size: sealed.size,
    contentMd5: undefined,
    headers: { ...input.headers, ...sseHeaders(record) },
    trailingHeaders: () => ({ ...input.trailingHeaders?.(), ...sseHeaders({ size: sealed.plain().size }) }),
    etag: sealed.etag,
  })
  return publicObjectInfo(stored, keyMd5)
}

/** A whole object: the backend's read of it is the plaintext or the stored streams to decrypt. */
async function getWhole(
  inner: ObjectLayer,
  options: EncryptionOptions,
  bucket: string,
  key: string,
  customerKey: CustomerKey | undefined,
  version: ReadOptions,
): Promise<GetObjectResult> {
  const result = await inner.getObject(bucket, key, undefined, version)
  const record = readSseRecord(result.info.headers)
  checkOrDrop(result, record, customerKey)
  if (!record) return withInfo(result, publicObjectInfo(result.info))
  try {
    return await readEncrypted(inner, options, result.info, undefined, customerKey, version, result)
  } catch (error) {
    // The key did not open (say): the read opened is closed, not left to the garbage collector.
    if (!result.data) result.body.destroy()
    throw error
  }
}

/**
 * A range: the metadata first, since an encrypted object's plaintext range is not the stored
 * range to read (nothing is opened that is not read).
 */
async function getRange(
  inner: ObjectLayer,
  options: EncryptionOptions,
  bucket: string,
  key: string,
  range: ByteRange,
  customerKey: CustomerKey | undefined,
  version: ReadOptions,
): Promise<GetObjectResult> {
  const raw = await inner.headObject(bucket, key, version)
  const record = readSseRecord(raw.headers)
  checkCustomerKey(record, customerKey)
  if (record) return readEncrypted(inner, options, raw, range, customerKey, version)
  const result = await inner.getObject(bucket, key, range, version)
  if (readSseRecord(result.info.headers)) {
    // Replaced by an encrypted object since the metadata was read: never hand out its bytes.
    if (!result.data) result.body.destroy()
    throw new ObjectChangedError(raw)
  }
  return withInfo(result, publicObjectInfo(result.info))
}

/**
 * `result` with another info. A backend may build `body` lazily (a getter, for bytes it holds
 * in memory), so the result is not spread: that would build it. A class, so the getter lives on
 * the prototype: an object literal with a getter, made per GET, cost ≈ 2% of a 1 KiB GET's CPU.
 */
class WithInfo implements GetObjectResult {
  readonly data?: Uint8Array
  constructor(
    private readonly result: GetObjectResult,
    readonly info: ObjectInfo,
  ) {
    if (result.data) this.data = result.data
  }

  get body(): GetObjectResult['body'] {
    return this.result.body
  }
}

function withInfo(result: GetObjectResult, info: ObjectInfo): GetObjectResult {
  return new WithInfo(result, info)
}

/** checkCustomerKey, closing the read's body when it refuses. */
function checkOrDrop(
  result: GetObjectResult,
  record: SseRecord | undefined,
  customerKey: CustomerKey | undefined,
): void {
  try {
    checkCustomerKey(record, customerKey)
  } catch (error) {
    if (!result.data) result.body.destroy()
    throw error
  }
}

/**
 * A metadata rewrite (tagging, retention...) sees the headers without the encryption record and
 * cannot change it: the record is put back as it was.
 */
function keepSseRecord(
  headers: Record<string, string>,
  change: (headers: Record<string, string>) => Record<string, string>,
): Record<string, string> {
  const record = Object.entries(headers).filter(([name]) => name.startsWith(INTERNAL_PREFIX))
  const changed = change(withoutInternal(headers))
  refuseInternal(changed)
  return { ...changed, ...Object.fromEntries(record) }
}

/** A write carrying a header of the layer's reserved prefix is refused: it could forge a record. */
function refuseInternal(headers: Record<string, string> | undefined): void {
  if (!hasInternal(headers)) return
  throw new S3ServerError(
    'InvalidArgument',
    `Stored headers starting with ${INTERNAL_PREFIX} are reserved for the server.`,
  )
}
