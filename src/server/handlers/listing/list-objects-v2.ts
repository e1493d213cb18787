import { isActionAllowed } from '../../auth/authorize.js'
import type { Handler, HandlerArgs } from '../../context.js'
import { sendXml } from '../../response/send.js'
import type { ObjectInfo } from '../../storage/object-layer.js'
import { decodeContinuationToken, encodeContinuationToken } from './continuation-token.js'
import { encodeName, encodeOptional } from './encode-names.js'
import { listBucketResultXml, renderCommonPrefixes, renderContents, renderFields } from './list-xml.js'
import { type MetadataShown, renderContentsWithMetadata } from './metadata-contents.js'
import { queryValue, readCount, readEncodingType, readKeyParam } from './query-params.js'

/**
 * ListObjectsV2: one page after the continuation token (which wins) or `start-after`, with
 * KeyCount (keys plus common prefixes) and an opaque NextContinuationToken when truncated.
 * Owners only with `fetch-owner=true`. MinIO's `metadata=true` adds each object's user metadata
 * and tags (metadata-contents.ts).
 */
export const handleListObjectsV2: Handler = async (args) => {
  const { ctx, res, route, auth } = args
  const encoding = readEncodingType(route)
  const prefix = readKeyParam(route, 'prefix') ?? ''
  const delimiter = queryValue(route, 'delimiter') || undefined
  // An empty `continuation-token=` is no token, as on S3 (issue 19).
  const token = queryValue(route, 'continuation-token') || undefined
  const startAfter = readKeyParam(route, 'start-after') || undefined
  const maxKeys = readCount(route, 'max-keys', { min: 0, max: 1000, fallback: 1000 })
  const from = token !== undefined ? decodeContinuationToken(token) : startAfter
  const page = await ctx.storage.listObjects({
    bucket: route.bucket,
    prefix,
    delimiter,
    startAfter: from,
    maxKeys,
  })
  const fetchOwner = queryValue(route, 'fetch-owner') === 'true'
  const owner = fetchOwner ? { ID: auth.identity.accessKey, DisplayName: auth.identity.accessKey } : undefined
  const next = page.isTruncated && page.nextStartAfter !== undefined ? page.nextStartAfter : undefined
  const withMetadata = queryValue(route, 'metadata') === 'true'
  const shown = withMetadata && !auth.identity.root ? await metadataShown(args, page.objects) : undefined
  const xml =
    renderFields([['IsTruncated', page.isTruncated]]) +
    (withMetadata
      ? renderContentsWithMetadata(page.objects, { encoding, owner, ...(shown ? { shown } : {}) })
      : renderContents(page.objects, { encoding, owner })) +
    renderFields([
      ['Name', route.bucket],
      ['Prefix', encodeName(prefix, encoding)],
      ['Delimiter', encodeOptional(delimiter, encoding)],
      ['MaxKeys', maxKeys],
    ]) +
    renderCommonPrefixes(page.commonPrefixes, encoding) +
    renderFields([
      ['EncodingType', encoding],
      ['KeyCount', page.objects.length + page.commonPrefixes.length],
      ['ContinuationToken', token],
      ['NextContinuationToken', next === undefined ? undefined : encodeContinuationToken(next)],
      ['StartAfter', encodeOptional(startAfter, encoding)],
    ])
  sendXml(res, 200, listBucketResultXml(xml))
}

/**
 * Per object, whether the caller may read its user metadata (s3:GetObject, what HEAD needs) and
 * its tags (s3:GetObjectTagging): s3:ListBucket alone shows neither, else `metadata=true` would
 * read what HEAD and GetObjectTagging refuse.
 */
async function metadataShown(args: HandlerArgs, objects: readonly ObjectInfo[]): Promise<MetadataShown[]> {
  const bucket = args.route.bucket
  const shown: MetadataShown[] = []
  for (const o of objects) {
    shown.push({
      metadata: await isActionAllowed(args, 's3:GetObject', bucket, o.key),
      tags: await isActionAllowed(args, 's3:GetObjectTagging', bucket, o.key),
    })
  }
  return shown
}
