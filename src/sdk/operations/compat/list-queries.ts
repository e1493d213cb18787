/**
 * minio-js's one-page listing calls — `listObjectsQuery` (ListObjects V1, or ListObjectVersions
 * with `IncludeVersion`), `listObjectsV2Query`, `listIncompleteUploadsQuery` — and the
 * `extensions.listObjectsV2WithMetadata` listing, each answering in minio-js's result shape.
 */
import { isValidPrefix } from '../../../shared/names.js'
import { InvalidPrefixError } from '../../errors.js'
import { readXml, sanitizeETag } from '../../transport/parse.js'
import type { Transport } from '../../transport/transport.js'
import { childrenOf, textOf, type XmlNode, type XmlValue } from '../../transport/xml.js'
import { assertBucketName } from '../../validate.js'
import { decodeListedKey, type ListingStream, toListingStream } from '../listing/listing-stream.js'

/** A listed object or version. */
export interface ListedObject {
  name: string
  lastModified: Date | undefined
  etag: string
  size: number | undefined
  versionId?: string | undefined
  isLatest?: boolean | undefined
  isDeleteMarker?: boolean
  metadata?: Record<string, string> | null
  tags?: Record<string, string>
}

/** A listed object (or version), or a common prefix with size 0. */
export type ListedItem = ListedObject | { prefix: string; size: 0 }

/** `listObjectsQuery`'s options (minio-js's `ListObjectQueryOpts`). */
export interface ListObjectQueryOpts {
  Delimiter: string
  MaxKeys: number
  IncludeVersion?: boolean
  versionIdMarker?: string
  keyMarker?: string
}

/** One page of `listObjectsQuery`. */
export interface ListObjectsQueryResult {
  objects: ListedItem[]
  isTruncated: boolean
  nextMarker: string | undefined
  versionIdMarker: string | undefined
  keyMarker: string | undefined
}

/** One page of `listObjectsV2Query`. */
export interface ListObjectsV2QueryResult {
  objects: ListedItem[]
  isTruncated: boolean
  nextContinuationToken: string
}

/** One page of `listIncompleteUploadsQuery`. */
export interface ListIncompleteUploadsQueryResult {
  prefixes: Array<{ prefix: string }>
  uploads: Array<{
    key: string
    uploadId: string
    storageClass: string | undefined
    initiated: Date
    initiator?: { id: string; displayName: string }
    owner?: { id: string; displayName: string }
  }>
  isTruncated: boolean
  nextKeyMarker: string
  nextUploadIdMarker: string
}

const requireString = (value: unknown, name: string): string => {
  if (typeof value !== 'string') throw new TypeError(`${name} should be of type "string"`)
  return value
}
const requireNumber = (value: unknown, name: string): number => {
  if (typeof value !== 'number' || Number.isNaN(value))
    throw new TypeError(`${name} should be of type "number"`)
  return value
}
const pageLimit = (max: number): string | undefined => (max ? String(Math.min(max, 1000)) : undefined)

/**
 * One page of ListObjects (V1), or of ListObjectVersions when `IncludeVersion` is set.
 * @example
 * const { objects, isTruncated, nextMarker } = await listObjectsQuery(transport, 'photos', '', '', { Delimiter: '/', MaxKeys: 100 })
 */
export async function listObjectsQuery(
  t: Transport,
  bucketName: unknown,
  prefix: unknown,
  marker: unknown,
  listQueryOpts: unknown,
): Promise<ListObjectsQueryResult> {
  assertBucketName(bucketName)
  requireString(prefix, 'prefix')
  if (marker && typeof marker !== 'string') throw new TypeError('marker should be of type "string"')
  if (typeof listQueryOpts !== 'object' || listQueryOpts === null) {
    throw new TypeError('listQueryOpts should be of type "object"')
  }
  const opts = listQueryOpts as Partial<ListObjectQueryOpts>
  const query: Record<string, string> = {
    prefix: prefix as string,
    delimiter: requireString(opts.Delimiter, 'Delimiter'),
    'encoding-type': 'url',
  }
  const max = pageLimit(requireNumber(opts.MaxKeys, 'MaxKeys'))
  if (max !== undefined) query['max-keys'] = max
  if (opts.IncludeVersion) {
    query['versions'] = ''
    if (opts.keyMarker) query['key-marker'] = opts.keyMarker
    if (opts.versionIdMarker) query['version-id-marker'] = opts.versionIdMarker
  } else if (marker) {
    query['marker'] = marker as string
  }
  const root = opts.IncludeVersion ? 'ListVersionsResult' : 'ListBucketResult'
  const page = await t.call({ method: 'GET', bucket: bucketName, query }, (res) => readXml(res, root))
  const encoded = textOf(page, 'EncodingType') === 'url'
  const isTruncated = textOf(page, 'IsTruncated') === 'true'
  const objects: ListedItem[] = []
  let nextMarker: string | undefined
  let keyMarker: string | undefined
  let versionIdMarker: string | undefined
  if (opts.IncludeVersion) {
    for (const version of childrenOf(page, 'Version')) objects.push(objectOf(version, encoded, false))
    for (const marker of childrenOf(page, 'DeleteMarker')) objects.push(objectOf(marker, encoded, true))
    keyMarker = decodeListedKey(textOf(page, 'NextKeyMarker'), encoded) || undefined
    versionIdMarker = textOf(page, 'NextVersionIdMarker') || undefined
  } else {
    for (const content of childrenOf(page, 'Contents')) {
      const { name, lastModified, etag, size } = objectOf(content, encoded, false)
      objects.push({ name, lastModified, etag, size })
    }
    const last = objects.at(-1)
    nextMarker =
      decodeListedKey(textOf(page, 'NextMarker'), encoded) ||
      (isTruncated && last && 'name' in last ? last.name : undefined) ||
      decodeListedKey(textOf(page, 'Marker'), encoded) ||
      undefined
  }
  objects.push(...prefixesOf(page, encoded))
  return {
    objects,
    isTruncated,
    nextMarker: isTruncated ? nextMarker : undefined,
    versionIdMarker,
    keyMarker,
  }
}

/**
 * One page of ListObjectsV2.
 * @example
 * const { objects, nextContinuationToken } = await listObjectsV2Query(transport, 'photos', '', '', '/', 1000, '')
 */
export async function listObjectsV2Query(
  t: Transport,
  bucketName: unknown,
  prefix: unknown,
  continuationToken: unknown,
  delimiter: unknown,
  maxKeys: unknown,
  startAfter: unknown,
  metadata = false,
): Promise<ListObjectsV2QueryResult> {
  assertBucketName(bucketName)
  const query: Record<string, string> = {
    'list-type': '2',
    'encoding-type': 'url',
    prefix: requireString(prefix, 'prefix'),
    delimiter: '',
  }
  const token = requireString(continuationToken, 'continuationToken')
  query['delimiter'] = requireString(delimiter, 'delimiter')
  const max = pageLimit(requireNumber(maxKeys, 'maxKeys'))
  const after = requireString(startAfter, 'startAfter')
  if (token) query['continuation-token'] = token
  if (after) query['start-after'] = after
  if (max !== undefined) query['max-keys'] = max
  if (metadata) query['metadata'] = 'true'
  const page = await t.call({ method: 'GET', bucket: bucketName, query }, (res) =>
    readXml(res, 'ListBucketResult'),
  )
  const encoded = textOf(page, 'EncodingType') === 'url'
  const objects: ListedItem[] = childrenOf(page, 'Contents').map((content) => {
    const { name, lastModified, etag, size } = objectOf(content, encoded, false)
    return metadata
      ? { name, lastModified, etag, size, metadata: userMetadata(content), tags: userTags(content) }
      : { name, lastModified, etag, size }
  })
  objects.push(...prefixesOf(page, encoded))
  return {
    objects,
    isTruncated: textOf(page, 'IsTruncated') === 'true',
    nextContinuationToken: textOf(page, 'NextContinuationToken'),
  }
}

/**
 * One page of ListMultipartUploads. Unlike minio-js (which always answers ''),
 * `nextUploadIdMarker` is the server's NextUploadIdMarker.
 * @example
 * const { uploads, isTruncated } = await listIncompleteUploadsQuery(transport, 'videos', '', '', '', '/')
 */
export async function listIncompleteUploadsQuery(
  t: Transport,
  bucketName: unknown,
  prefix: unknown,
  keyMarker: unknown,
  uploadIdMarker: unknown,
  delimiter: unknown,
): Promise<ListIncompleteUploadsQueryResult> {
  assertBucketName(bucketName)
  const query: Record<string, string> = {
    uploads: '',
    prefix: requireString(prefix, 'prefix'),
    delimiter: '',
    'max-uploads': '1000',
  }
  const key = requireString(keyMarker, 'keyMarker')
  const id = requireString(uploadIdMarker, 'uploadIdMarker')
  query['delimiter'] = requireString(delimiter, 'delimiter')
  if (key) query['key-marker'] = key
  if (id) query['upload-id-marker'] = id
  const page = await t.call({ method: 'GET', bucket: bucketName, query }, (res) =>
    readXml(res, 'ListMultipartUploadsResult'),
  )
  const person = (node: XmlNode | undefined) =>
    node === undefined ? undefined : { id: textOf(node, 'ID'), displayName: textOf(node, 'DisplayName') }
  return {
    prefixes: childrenOf(page, 'CommonPrefixes').map((p) => ({
      prefix: decodeListedKey(textOf(p, 'Prefix'), true),
    })),
    uploads: childrenOf(page, 'Upload').map((upload) => {
      const initiator = person(childrenOf(upload, 'Initiator')[0])
      const owner = person(childrenOf(upload, 'Owner')[0])
      return {
        key: textOf(upload, 'Key'),
        uploadId: textOf(upload, 'UploadId'),
        storageClass: textOf(upload, 'StorageClass') || undefined,
        initiated: new Date(textOf(upload, 'Initiated')),
        ...(initiator ? { initiator } : {}),
        ...(owner ? { owner } : {}),
      }
    }),
    isTruncated: textOf(page, 'IsTruncated') === 'true',
    nextKeyMarker: textOf(page, 'NextKeyMarker'),
    nextUploadIdMarker: textOf(page, 'NextUploadIdMarker'),
  }
}

/**
 * `client.extensions`: MinIO's additions to S3 that minio-js exposes.
 * @example
 * for await (const obj of client.extensions.listObjectsV2WithMetadata('photos', '', true)) console.log(obj.metadata)
 */
export interface Extensions {
  /**
   * Lists objects with ListObjectsV2 plus MinIO's `metadata=true`: each object also carries
   * `metadata` (its user metadata, or null when the server sends none) and `tags`.
   */
  listObjectsV2WithMetadata(
    bucketName: string,
    prefix?: string,
    recursive?: boolean,
    startAfter?: string,
  ): ListingStream<ListedItem>
}

/**
 * The `extensions` object of a client.
 * @example
 * const extensions = createExtensions(transport)
 */
export function createExtensions(t: Transport): Extensions {
  return {
    listObjectsV2WithMetadata(bucketName, prefix = '', recursive = false, startAfter = '') {
      assertBucketName(bucketName)
      if (!isValidPrefix(prefix)) throw new InvalidPrefixError(`Invalid prefix : ${String(prefix)}`)
      requireString(prefix, 'prefix')
      if (typeof recursive !== 'boolean') throw new TypeError('recursive should be of type "boolean"')
      requireString(startAfter, 'startAfter')
      const delimiter = recursive ? '' : '/'
      async function* pages(): AsyncGenerator<ListedItem[]> {
        let token = ''
        for (;;) {
          const page = await listObjectsV2Query(
            t,
            bucketName,
            prefix,
            token,
            delimiter,
            1000,
            startAfter,
            true,
          )
          yield page.objects
          if (!page.isTruncated || page.nextContinuationToken === '' || page.nextContinuationToken === token)
            return
          token = page.nextContinuationToken
        }
      }
      return toListingStream(pages())
    },
  }
}

function objectOf(node: XmlNode, encoded: boolean, deleteMarker: boolean): ListedObject {
  const lastModified = textOf(node, 'LastModified')
  const size = textOf(node, 'Size')
  const item: ListedObject = {
    name: decodeListedKey(textOf(node, 'Key'), encoded),
    lastModified: lastModified ? new Date(lastModified) : undefined,
    etag: sanitizeETag(textOf(node, 'ETag')),
    size: size ? Number.parseInt(size, 10) : undefined,
  }
  if (textOf(node, 'VersionId') !== '' || deleteMarker || textOf(node, 'IsLatest') !== '') {
    item.versionId = textOf(node, 'VersionId') || undefined
    item.isLatest = textOf(node, 'IsLatest') === '' ? undefined : textOf(node, 'IsLatest') === 'true'
    item.isDeleteMarker = deleteMarker
  }
  return item
}

function prefixesOf(page: XmlValue, encoded: boolean): ListedItem[] {
  return childrenOf(page, 'CommonPrefixes').map((p) => ({
    prefix: decodeListedKey(textOf(p, 'Prefix'), encoded),
    size: 0 as const,
  }))
}

function userMetadata(content: XmlNode): Record<string, string> | null {
  const node = content['UserMetadata']
  if (node === undefined) return null
  const found = Array.isArray(node) ? node[0] : node
  if (found === undefined || typeof found === 'string') return {}
  const metadata: Record<string, string> = {}
  for (const [name, value] of Object.entries(found)) if (typeof value === 'string') metadata[name] = value
  return metadata
}

function userTags(content: XmlNode): Record<string, string> {
  const tags: Record<string, string> = {}
  const text = textOf(content, 'UserTags')
  if (text === '') return tags
  for (const pair of text.split('&')) {
    const [key = '', value = ''] = pair.split('=')
    tags[key] = value
  }
  return tags
}
