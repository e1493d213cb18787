import type { IncomingHttpHeaders } from 'node:http'
import { CHECKSUM_ALGORITHMS, CHECKSUM_PREFIX } from '../../body/checksum-algorithms.js'
import type { Handler } from '../../context.js'
import { S3ServerError } from '../../errors.js'
import { sendXml } from '../../response/send.js'
import { renderXml } from '../../response/xml.js'
import { storageClassOf } from '../../storage/common/storage-class.js'
import type { ObjectInfo } from '../../storage/object-layer.js'
import { requestCustomerKey } from '../encryption/request-encryption.js'
import { readVersionIdParam, versionIdHeader } from '../versioning/version-params.js'
import { checksumFields } from './checksum-headers.js'

const ATTRIBUTES = ['ETag', 'Checksum', 'ObjectParts', 'StorageClass', 'ObjectSize'] as const
type Attribute = (typeof ATTRIBUTES)[number]

/**
 * GetObjectAttributes: the attributes `x-amz-object-attributes` names (ETag, Checksum,
 * ObjectParts, StorageClass, ObjectSize) without the body. ObjectParts lists a multipart
 * object's part sizes, paged by `x-amz-max-parts` / `x-amz-part-number-marker`. `?versionId=` reads
 * that version's (answered in `x-amz-version-id`).
 */
export const handleGetObjectAttributes: Handler = async ({ ctx, req, res, route }) => {
  const wanted = readAttributes(req.headers['x-amz-object-attributes'])
  // An SSE-C object's attributes need its key, as its HEAD does.
  const info = await ctx.storage.headObject(route.bucket, route.key, {
    customerKey: requestCustomerKey(req),
    versionId: readVersionIdParam(route),
  })
  const body: Record<string, unknown> = {}
  if (wanted.has('ETag')) body.ETag = info.etag
  const checksum = checksumOf(info)
  if (wanted.has('Checksum') && checksum) body.Checksum = checksum
  if (wanted.has('ObjectParts') && info.partSizes)
    body.ObjectParts = partsOf(info.partSizes, info.partChecksums, req.headers)
  if (wanted.has('StorageClass')) body.StorageClass = storageClassOf(info.headers)
  if (wanted.has('ObjectSize')) body.ObjectSize = info.size
  res.setHeader('last-modified', info.lastModified.toUTCString())
  for (const [name, value] of Object.entries(versionIdHeader(info))) res.setHeader(name, value)
  sendXml(res, 200, renderXml('GetObjectAttributesResponse', body))
}

function readAttributes(header: string | string[] | undefined): Set<Attribute> {
  const names = (Array.isArray(header) ? header.join(',') : (header ?? ''))
    .split(',')
    .map((n) => n.trim())
    .filter((n) => n !== '')
  if (names.length === 0) {
    throw new S3ServerError(
      'InvalidArgument',
      `x-amz-object-attributes must name at least one of ${ATTRIBUTES.join(', ')}.`,
      { ArgumentName: 'x-amz-object-attributes' },
    )
  }
  for (const name of names) {
    if (!(ATTRIBUTES as readonly string[]).includes(name)) {
      throw new S3ServerError('InvalidArgument', `Invalid attribute name specified: ${name}.`, {
        ArgumentName: 'x-amz-object-attributes',
        ArgumentValue: name,
      })
    }
  }
  return new Set(names as Attribute[])
}

function checksumOf(info: ObjectInfo): Record<string, string> | undefined {
  for (const [suffix, algorithm] of Object.entries(CHECKSUM_ALGORITHMS)) {
    const value = info.headers[CHECKSUM_PREFIX + suffix]
    if (value !== undefined) {
      const type = info.headers['x-amz-checksum-type'] ?? 'FULL_OBJECT'
      return { [`Checksum${algorithm.name}`]: value, ChecksumType: type }
    }
  }
  return undefined
}

function partsOf(
  sizes: number[],
  checksums: Array<Record<string, string>> | undefined,
  headers: IncomingHttpHeaders,
): Record<string, unknown> {
  const max = readCount(headers['x-amz-max-parts'], 'x-amz-max-parts', 1000)
  const marker = readCount(headers['x-amz-part-number-marker'], 'x-amz-part-number-marker', 0)
  const page = sizes.slice(marker, marker + max)
  const truncated = marker + page.length < sizes.length
  return {
    PartsCount: sizes.length,
    PartNumberMarker: marker,
    ...(truncated ? { NextPartNumberMarker: marker + page.length } : {}),
    MaxParts: max,
    IsTruncated: truncated,
    Part: page.map((size, i) => ({
      PartNumber: marker + i + 1,
      Size: size,
      ...checksumFields(checksums?.[marker + i]),
    })),
  }
}

function readCount(value: string | string[] | undefined, name: string, fallback: number): number {
  if (value === undefined) return fallback
  if (typeof value === 'string' && /^\d{1,5}$/.test(value)) return Number(value)
  throw new S3ServerError('InvalidArgument', `${name} must be a whole number up to 99999.`, {
    ArgumentName: name,
    ArgumentValue: String(value),
  })
}
