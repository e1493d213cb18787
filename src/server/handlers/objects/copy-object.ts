import { parseCopySource } from '../../auth/copy-source.js'
import type { Handler } from '../../context.js'
import { S3ServerError } from '../../errors.js'
import { sendXml } from '../../response/send.js'
import { renderXml } from '../../response/xml.js'
import { checkCopySourceConditions } from './conditions.js'
import { readObjectMetadata } from './object-metadata.js'
import { readWriteCondition } from './write-condition-headers.js'

/**
 * CopyObject: `x-amz-copy-source` (+ its `-if-*` conditions) → the target key, with the
 * source's metadata (`x-amz-metadata-directive: COPY`, the default) or the request's
 * (`REPLACE`). Storage shares the bytes instead of copying them.
 */
export const handleCopyObject: Handler = async ({ ctx, req, res, route, emit }) => {
  const source = parseCopySource(req.headers['x-amz-copy-source'])
  const directive = readDirective(req.headers['x-amz-metadata-directive'])
  if (source.bucket === route.bucket && source.key === route.key && directive !== 'REPLACE') {
    throw new S3ServerError(
      'InvalidRequest',
      "This copy request is illegal because it is trying to copy an object to itself without changing the object's metadata, storage class, website redirect location or encryption attributes.",
    )
  }
  const info = await ctx.storage.copyObject({
    sourceBucket: source.bucket,
    sourceKey: source.key,
    bucket: route.bucket,
    key: route.key,
    metadata: directive === 'REPLACE' ? readObjectMetadata(req.headers) : undefined,
    check: (found) => checkCopySourceConditions(req.headers, found),
    // If-None-Match: * / If-Match are about the destination (S3's conditional writes).
    condition: readWriteCondition(req.headers),
  })
  await emit([{ name: 's3:ObjectCreated:Copy', bucket: route.bucket, key: route.key, object: info }])
  const xml = renderXml('CopyObjectResult', {
    ETag: `"${info.etag}"`,
    LastModified: info.lastModified.toISOString(),
  })
  sendXml(res, 200, xml)
}

function readDirective(value: string | string[] | undefined): 'COPY' | 'REPLACE' {
  if (value === undefined) return 'COPY'
  if (value === 'COPY' || value === 'REPLACE') return value
  throw new S3ServerError('InvalidArgument', 'Unknown metadata directive.', {
    ArgumentName: 'x-amz-metadata-directive',
    ArgumentValue: String(value),
  })
}
