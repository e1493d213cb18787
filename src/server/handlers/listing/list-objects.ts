import type { Handler } from '../../context.js'
import { sendXml } from '../../response/send.js'
import { renderXml } from '../../response/xml.js'
import { encodeName, encodeOptional } from './encode-names.js'
import { renderCommonPrefixes, renderContents, withoutUndefined } from './list-xml.js'
import { queryValue, readCount, readEncodingType } from './query-params.js'

/**
 * ListObjects (V1): one page of keys and common prefixes after `marker`. NextMarker is sent
 * only with a delimiter, as S3 documents (without one, the last key is the next marker).
 */
export const handleListObjects: Handler = async ({ ctx, res, route, auth }) => {
  const encoding = readEncodingType(route)
  const prefix = queryValue(route, 'prefix') ?? ''
  const delimiter = queryValue(route, 'delimiter') || undefined
  const marker = queryValue(route, 'marker') || undefined
  const maxKeys = readCount(route, 'max-keys', { min: 0, max: 1000, fallback: 1000 })
  const page = await ctx.storage.listObjects({
    bucket: route.bucket,
    prefix,
    delimiter,
    startAfter: marker,
    maxKeys,
  })
  const owner = { ID: auth.identity.accessKey, DisplayName: auth.identity.accessKey }
  const body = withoutUndefined({
    IsTruncated: page.isTruncated,
    Marker: encodeName(marker ?? '', encoding),
    NextMarker: delimiter && page.isTruncated ? encodeOptional(page.nextStartAfter, encoding) : undefined,
    Contents: renderContents(page.objects, { encoding, owner }),
    Name: route.bucket,
    Prefix: encodeName(prefix, encoding),
    Delimiter: encodeOptional(delimiter, encoding),
    MaxKeys: maxKeys,
    CommonPrefixes: renderCommonPrefixes(page.commonPrefixes, encoding),
    EncodingType: encoding,
  })
  sendXml(res, 200, renderXml('ListBucketResult', body))
}
