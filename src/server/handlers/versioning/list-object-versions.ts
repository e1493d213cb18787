import type { Handler } from '../../context.js'
import { S3ServerError } from '../../errors.js'
import { sendXml } from '../../response/send.js'
import { S3_XMLNS } from '../../response/xml.js'
import { checkVersionId } from '../../storage/common/version-errors.js'
import type {
  ListObjectVersionsInput,
  ListObjectVersionsResult,
  ObjectLayer,
} from '../../storage/object-layer.js'
import { encodeName, encodeOptional } from '../listing/encode-names.js'
import { renderCommonPrefixes, renderFields } from '../listing/list-xml.js'
import { queryValue, readCount, readEncodingType, readKeyParam } from '../listing/query-params.js'
import { readBucketVersioning } from './bucket-versioning.js'
import { renderVersions } from './list-versions-xml.js'

/**
 * ListObjectVersions: every version and delete marker (IsLatest, VersionId; a version written
 * before versioning is the null version), paged by `key-marker` / `version-id-marker` with
 * NextKeyMarker / NextVersionIdMarker, `prefix`, `delimiter` + CommonPrefixes, `max-keys`
 * (versions, markers and prefixes count alike) and `encoding-type=url`. S3 refuses a
 * version-id-marker without a key-marker (InvalidArgument); so do we.
 */
export const handleListObjectVersions: Handler = async ({ ctx, res, route, auth }) => {
  const encoding = readEncodingType(route)
  const prefix = readKeyParam(route, 'prefix') ?? ''
  const delimiter = queryValue(route, 'delimiter') || undefined
  const keyMarker = readKeyParam(route, 'key-marker') || undefined
  const versionIdMarker = queryValue(route, 'version-id-marker') || undefined
  if (versionIdMarker !== undefined) {
    if (keyMarker === undefined) {
      throw new S3ServerError(
        'InvalidArgument',
        'A version-id marker cannot be specified without a key marker.',
        {
          ArgumentName: 'version-id-marker',
          ArgumentValue: versionIdMarker,
        },
      )
    }
    checkVersionId(versionIdMarker)
  }
  const maxKeys = readCount(route, 'max-keys', { min: 0, max: 1000, fallback: 1000 })
  const page = await listVersions(ctx.storage, {
    bucket: route.bucket,
    prefix,
    delimiter,
    keyMarker,
    versionIdMarker,
    maxKeys,
  })
  const owner = { ID: auth.identity.accessKey, DisplayName: auth.identity.accessKey }
  const xml =
    renderFields([
      ['Name', route.bucket],
      ['Prefix', encodeName(prefix, encoding)],
      ['KeyMarker', encodeName(keyMarker ?? '', encoding)],
      ['VersionIdMarker', versionIdMarker ?? ''],
      ['NextKeyMarker', page.isTruncated ? encodeOptional(page.nextKeyMarker, encoding) : undefined],
      ['NextVersionIdMarker', page.isTruncated ? page.nextVersionIdMarker : undefined],
      ['MaxKeys', maxKeys],
      ['Delimiter', encodeOptional(delimiter, encoding)],
      ['IsTruncated', page.isTruncated],
      ['EncodingType', encoding],
    ]) +
    renderVersions(page.versions, { encoding, owner }) +
    renderCommonPrefixes(page.commonPrefixes, encoding)
  sendXml(
    res,
    200,
    `<?xml version="1.0" encoding="UTF-8"?>\n<ListVersionsResult xmlns="${S3_XMLNS}">${xml}</ListVersionsResult>`,
  )
}

/**
 * The backend's listObjectVersions; a backend without it can still list a bucket that never had
 * versioning (every object is its null version), and refuses the rest with NotImplemented.
 */
async function listVersions(
  storage: ObjectLayer,
  input: ListObjectVersionsInput,
): Promise<ListObjectVersionsResult> {
  if (storage.listObjectVersions) return storage.listObjectVersions(input)
  if ((await readBucketVersioning(storage, input.bucket)) !== undefined) {
    throw new S3ServerError(
      'NotImplemented',
      `This storage backend (${storage.kind}) does not list the versions of a versioned bucket yet.`,
    )
  }
  const page = await storage.listObjects({
    bucket: input.bucket,
    prefix: input.prefix,
    delimiter: input.delimiter,
    startAfter: input.keyMarker,
    maxKeys: input.maxKeys,
  })
  const versions = page.objects.map((o) => ({ ...o, isLatest: true }))
  const last = page.nextStartAfter
  const lastIsVersion = versions.length > 0 && versions[versions.length - 1]?.key === last
  return {
    versions,
    commonPrefixes: page.commonPrefixes,
    isTruncated: page.isTruncated,
    nextKeyMarker: last,
    nextVersionIdMarker: lastIsVersion ? 'null' : undefined,
  }
}
