import { authorize } from '../../auth/authorize.js'
import type { Handler, HandlerArgs } from '../../context.js'
import { isS3ServerError, S3ServerError } from '../../errors.js'
import { sendEmpty, sendXml } from '../../response/send.js'
import type { ObjectInfo } from '../../storage/object-layer.js'
import { readObjectTags, TAGS_HEADER, type Tag, tagHeaders } from '../../tagging/object-tags.js'
import { requestTagConditions } from '../../tagging/request-tag-conditions.js'
import { parseTagging, renderTagging, TAGGING_LIMITS } from '../../tagging/tagging-document.js'
import { readXmlDocument } from '../objects/xml-body.js'

/**
 * GetObjectTagging (`GET /bucket/key?tagging[&versionId=]`): the version's `Tagging` (an empty
 * TagSet when it has none) and its `x-amz-version-id`. The object's metadata is read without an
 * SSE-C key, as S3 reads tags. A delete marker, named by ID or the latest, is 405
 * MethodNotAllowed (S3: a delete marker has no tags).
 */
export const handleGetObjectTagging: Handler = async ({ ctx, res, route }) => {
  const versionId = readVersionId(route.query)
  const info = await onDeleteMarkerNotAllowed('GET', () =>
    versionId === undefined
      ? ctx.storage.headObject(route.bucket, route.key)
      : ctx.storage.headObject(route.bucket, route.key, { versionId, metadataLookup: true }),
  )
  setVersionHeader(res, info)
  sendXml(res, 200, renderTagging(readObjectTags(info)))
}

/**
 * PutObjectTagging: reads the `Tagging` body (MalformedXML; InvalidTag; BadRequest past 10
 * tags), authorizes the request again with the body's tags as `s3:RequestObjectTag/<key>` and
 * `s3:RequestObjectTagKeys` (AccessDenied, nothing written), then replaces the version's tags in
 * one atomic metadata update (bytes, ETag and Last-Modified unchanged). Answers 200 with the
 * version's `x-amz-version-id`.
 */
export const handlePutObjectTagging: Handler = async (args) => {
  const { res } = args
  const tags = parseTagging(await readXmlDocument(args, 'Tagging', TAGGING_LIMITS), 'object')
  if (!args.auth.identity.root) await authorize({ ...args, bodyConditions: requestTagConditions(tags) })
  const info = await replaceTags(args, tags, 'PUT')
  setVersionHeader(res, info)
  sendEmpty(res, 200)
}

/** DeleteObjectTagging: removes the version's tags; 204 with its `x-amz-version-id`. */
export const handleDeleteObjectTagging: Handler = async (args) => {
  const info = await replaceTags(args, [], 'DELETE')
  setVersionHeader(args.res, info)
  sendEmpty(args.res, 204)
}

async function replaceTags(
  { ctx, route }: HandlerArgs,
  tags: readonly Tag[],
  method: string,
): Promise<ObjectInfo> {
  const { storage } = ctx
  if (!storage.updateObjectMetadata) {
    throw new S3ServerError('NotImplemented', `The ${storage.kind} backend cannot change an object's tags.`)
  }
  const update = storage.updateObjectMetadata.bind(storage)
  return onDeleteMarkerNotAllowed(method, () =>
    update(route.bucket, route.key, readVersionId(route.query), (headers) => {
      const { [TAGS_HEADER]: _old, ...rest } = headers
      return { ...rest, ...tagHeaders(tags) }
    }),
  )
}

/**
 * Storage answers a latest version that is a delete marker as NoSuchKey (with
 * `x-amz-delete-marker`), right for GET and HEAD; S3's tagging operations answer 405 there, as
 * for a marker named by ID, since a delete marker cannot hold tags.
 */
async function onDeleteMarkerNotAllowed<T>(method: string, read: () => Promise<T>): Promise<T> {
  try {
    return await read()
  } catch (e) {
    if (!isS3ServerError(e) || e.code !== 'NoSuchKey' || e.headers['x-amz-delete-marker'] !== 'true') throw e
    const error = new S3ServerError('MethodNotAllowed', undefined, {
      Method: method,
      ResourceType: 'DeleteMarker',
    })
    Object.assign(error.headers, e.headers)
    throw error
  }
}

function readVersionId(query: ReadonlyArray<readonly [string, string]>): string | undefined {
  return query.find(([name]) => name === 'versionId')?.[1]
}

function setVersionHeader(res: HandlerArgs['res'], info: ObjectInfo): void {
  if (info.versionId !== undefined) res.setHeader('x-amz-version-id', info.versionId)
}
