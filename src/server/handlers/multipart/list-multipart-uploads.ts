import type { Handler } from '../../context.js'
import { sendXml } from '../../response/send.js'
import { renderXml } from '../../response/xml.js'
import { storageClassOf } from '../../storage/common/storage-class.js'
import { encodeName, encodeOptional } from '../listing/encode-names.js'
import { withoutUndefined } from '../listing/list-xml.js'
import { queryValue, readCount, readEncodingType, readKeyParam } from '../listing/query-params.js'

/**
 * ListMultipartUploads: uploads in progress by key, then initiation; prefix, delimiter (common
 * prefixes), key-marker / upload-id-marker paging, max-uploads, encoding-type.
 */
export const handleListMultipartUploads: Handler = async ({ ctx, res, route, auth }) => {
  const encoding = readEncodingType(route)
  const prefix = readKeyParam(route, 'prefix') ?? ''
  const delimiter = queryValue(route, 'delimiter') || undefined
  const keyMarker = readKeyParam(route, 'key-marker') || undefined
  // S3 ignores the upload ID marker without a key marker.
  const uploadIdMarker = keyMarker ? readKeyParam(route, 'upload-id-marker') || undefined : undefined
  const maxUploads = readCount(route, 'max-uploads', { min: 0, max: 1000, fallback: 1000 })
  const page = await ctx.storage.listMultipartUploads({
    bucket: route.bucket,
    prefix,
    delimiter,
    keyMarker,
    uploadIdMarker,
    maxUploads,
  })
  const owner = { ID: auth.identity.accessKey, DisplayName: auth.identity.accessKey }
  const body = withoutUndefined({
    Bucket: route.bucket,
    KeyMarker: encodeName(keyMarker ?? '', encoding),
    UploadIdMarker: uploadIdMarker ?? '',
    NextKeyMarker: encodeName(page.nextKeyMarker ?? '', encoding),
    NextUploadIdMarker: page.nextUploadIdMarker ?? '',
    Delimiter: encodeOptional(delimiter, encoding),
    Prefix: encodeName(prefix, encoding),
    EncodingType: encoding,
    MaxUploads: maxUploads,
    IsTruncated: page.isTruncated,
    Upload: page.uploads.map((u) => ({
      Key: encodeName(u.key, encoding),
      UploadId: u.uploadId,
      Initiator: owner,
      Owner: owner,
      StorageClass: storageClassOf(u.headers),
      Initiated: u.initiated.toISOString(),
    })),
    CommonPrefixes: page.commonPrefixes.map((p) => ({ Prefix: encodeName(p, encoding) })),
  })
  sendXml(res, 200, renderXml('ListMultipartUploadsResult', body))
}
