import { parseCopySource } from '../../auth/copy-source.js'
import { readNodeHeaders } from '../../auth/refuse-unhonoured-headers.js'
import { readSseRequest } from '../../auth/sse-headers.js'
import type { Handler } from '../../context.js'
import { S3ServerError } from '../../errors.js'
import { objectLockWriteHeaders } from '../../object-lock/request-lock.js'
import { sendXml } from '../../response/send.js'
import { renderXml } from '../../response/xml.js'
import { storageClassOf } from '../../storage/common/storage-class.js'
import { readCopyTags } from '../../tagging/copy-tags.js'
import { encryptionHeaders, writeEncryption } from '../encryption/request-encryption.js'
import { readBucketVersioning } from '../versioning/bucket-versioning.js'
import { versionIdHeader } from '../versioning/version-params.js'
import { checksumFields } from './checksum-headers.js'
import { checkCopySourceConditions } from './conditions.js'
import { computeCopyChecksum } from './copy-checksum.js'
import { readObjectMetadata, readStorageClass } from './object-metadata.js'
import { readWriteCondition } from './write-condition-headers.js'

/**
 * CopyObject: `x-amz-copy-source` (+ its `-if-*` conditions) → the target key, with the
 * source's metadata (`x-amz-metadata-directive: COPY`, the default) or the request's
 * (`REPLACE`), in the storage class `x-amz-storage-class` names (STANDARD by default). A copy
 * onto itself must change the metadata (REPLACE), the storage class or the encryption. The copy
 * is encrypted as the request asks (SSE-S3, SSE-C), else as the bucket's default, else not at
 * all, whatever the source's; an SSE-C source is read with the copy-source key. The tags are the
 * source's (`x-amz-tagging-directive: COPY`, the default) or `x-amz-tagging`'s (`REPLACE`),
 * whatever the metadata directive. Storage shares
 * the bytes instead of copying them where it can. The source's `?versionId=` copies that version
 * (`x-amz-copy-source-version-id`); in a versioned bucket the copy is a new version
 * (`x-amz-version-id`).
 */
export const handleCopyObject: Handler = async ({ ctx, req, res, route, emit }) => {
  const source = parseCopySource(req.headers['x-amz-copy-source'])
  const directive = readDirective(req.headers['x-amz-metadata-directive'])
  const storageClass = readStorageClass(req.headers['x-amz-storage-class'])
  const tags = readCopyTags(req.headers)
  const read = readNodeHeaders(req.headers)
  const { encryption: asked, sourceKey } = readSseRequest(read)
  // Asking for encryption changes the object (S3 allows re-encrypting an object in place); copying
  // a named version onto its key restores it (a new version), which S3 allows as it is.
  const ontoItself =
    source.bucket === route.bucket &&
    source.key === route.key &&
    source.versionId === undefined &&
    directive !== 'REPLACE' &&
    !asked
  if (ontoItself && storageClass === undefined) throw illegalSelfCopy()
  const encryption = await writeEncryption(ctx.storage, route.bucket, read)
  const versioning = await readBucketVersioning(ctx.storage, route.bucket)
  let sourceVersionId: string | undefined
  const computed = await computeCopyChecksum(ctx.storage, req.headers, source, {
    customerKey: sourceKey,
    versionId: source.versionId,
  })
  const info = await ctx.storage.copyObject({
    sourceBucket: source.bucket,
    sourceKey: source.key,
    sourceVersionId: source.versionId,
    versioning,
    bucket: route.bucket,
    key: route.key,
    metadata: directive === 'REPLACE' ? readObjectMetadata(req.headers) : undefined,
    // S3 stores a copy in the class the request names, STANDARD when it names none (whatever
    // the metadata directive): the class is not metadata that COPY carries over.
    storageClass: storageClass ?? 'STANDARD',
    tags,
    checksum: computed?.checksum,
    // The source's lock is never copied: the request's lock headers, else the bucket's default.
    objectLock: await objectLockWriteHeaders(ctx.storage, route.bucket, read, new Date(ctx.auth.now())),
    check: (found) => {
      // A source written before its bucket had versioning has no ID of its own: it is the null one.
      sourceVersionId = found.versionId ?? source.versionId
      checkCopySourceConditions(req.headers, found)
      // A copy onto itself must change something: here, the storage class.
      if (ontoItself && storageClassOf(found.headers) === storageClass) throw illegalSelfCopy()
      if (computed && found.etag !== computed.etag) {
        throw new S3ServerError('PreconditionFailed', 'The copy source changed while it was read; retry.')
      }
    },
    // If-None-Match: * / If-Match are about the destination (S3's conditional writes).
    condition: readWriteCondition(req.headers),
    encryption,
    sourceCustomerKey: sourceKey,
  })
  const answered = {
    ...encryptionHeaders(info.encryption),
    ...versionIdHeader(info),
    ...(sourceVersionId === undefined ? {} : { 'x-amz-copy-source-version-id': sourceVersionId }),
  }
  for (const [name, value] of Object.entries(answered)) res.setHeader(name, value)
  await emit([{ name: 's3:ObjectCreated:Copy', bucket: route.bucket, key: route.key, object: info }])
  const xml = renderXml('CopyObjectResult', {
    ETag: `"${info.etag}"`,
    LastModified: info.lastModified.toISOString(),
    ...checksumFields(info.headers),
  })
  sendXml(res, 200, xml)
}

function illegalSelfCopy(): S3ServerError {
  return new S3ServerError(
    'InvalidRequest',
    "This copy request is illegal because it is trying to copy an object to itself without changing the object's metadata, storage class, website redirect location or encryption attributes.",
  )
}

function readDirective(value: string | string[] | undefined): 'COPY' | 'REPLACE' {
  if (value === undefined) return 'COPY'
  if (value === 'COPY' || value === 'REPLACE') return value
  throw new S3ServerError('InvalidArgument', 'Unknown metadata directive.', {
    ArgumentName: 'x-amz-metadata-directive',
    ArgumentValue: String(value),
  })
}
