import type { Handler } from '../../context.js'
import { sendXml } from '../../response/send.js'
import { encodeName, encodeOptional } from './encode-names.js'
import { listBucketResultXml, renderCommonPrefixes, renderContents, renderFields } from './list-xml.js'
import { queryValue, readCount, readEncodingType, readKeyParam } from './query-params.js'

/**
 * ListObjects (V1): one page of keys and common prefixes after `marker`. NextMarker is sent
 * only with a delimiter, as S3 documents (without one, the last key is the next marker).
 */
export const handleListObjects: Handler = async ({ ctx, res, route, auth }) => {
  const encoding = readEncodingType(route)
  const prefix = readKeyParam(route, 'prefix') ?? ''
  const delimiter = queryValue(route, 'delimiter') || undefined
  const marker = readKeyParam(route, 'marker') || undefined
  const maxKeys = readCount(route, 'max-keys', { min: 0, max: 1000, fallback: 1000 })
  const page = await ctx.storage.listObjects({
    bucket: route.bucket,
    prefix,
    delimiter,
    startAfter: marker,
    maxKeys,
  })
  const owner = { ID: auth.identity.accessKey, DisplayName: auth.identity.accessKey }
  const xml =
    renderFields([
      ['IsTruncated', page.isTruncated],
      ['Marker', encodeName(marker ?? '', encoding)],
      [
        'NextMarker',
        delimiter && page.isTruncated ? encodeOptional(page.nextStartAfter, encoding) : undefined,
      ],
    ]) +
    renderContents(page.objects, { encoding, owner }) +
    renderFields([
      ['Name', route.bucket],
      ['Prefix', encodeName(prefix, encoding)],
      ['Delimiter', encodeOptional(delimiter, encoding)],
      ['MaxKeys', maxKeys],
    ]) +
    renderCommonPrefixes(page.commonPrefixes, encoding) +
    renderFields([['EncodingType', encoding]])
  sendXml(res, 200, listBucketResultXml(xml))
}
