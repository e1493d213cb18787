import type { Handler } from '../../context.js'
import { S3ServerError } from '../../errors.js'
import { sendEmpty, sendXml } from '../../response/send.js'
import type { Tag } from '../../tagging/object-tags.js'
import { parseTagging, renderTagging, TAGGING_LIMITS } from '../../tagging/tagging-document.js'
import { readXmlDocument } from '../objects/xml-body.js'

/** The bucket document holding the bucket's tags (JSON array of `{ key, value }`). */
export const BUCKET_TAGGING_DOCUMENT = 'tagging'

/**
 * PutBucketTagging: checks the `Tagging` document as S3 does (MalformedXML; InvalidTag for a bad
 * key or value, a key given twice or more than 50 tags), stores the tags as the bucket's
 * `tagging` document, replacing any before, and answers 200 as MinIO (S3 documents 204; minio-js's
 * setBucketTagging takes only 200, the AWS SDKs any 2xx).
 */
export const handlePutBucketTagging: Handler = async (args) => {
  const { ctx, res, route } = args
  const tags = parseTagging(await readXmlDocument(args, 'Tagging', TAGGING_LIMITS), 'bucket')
  await ctx.storage.putBucketDocument(route.bucket, BUCKET_TAGGING_DOCUMENT, JSON.stringify(tags))
  sendEmpty(res, 200)
}

/** GetBucketTagging: the bucket's `Tagging`, or 404 NoSuchTagSet when it has none. */
export const handleGetBucketTagging: Handler = async ({ ctx, res, route }) => {
  const text = await ctx.storage.getBucketDocument(route.bucket, BUCKET_TAGGING_DOCUMENT)
  const tags = text === undefined ? [] : (JSON.parse(text) as Tag[])
  if (tags.length === 0) {
    throw new S3ServerError('NoSuchTagSet', 'The TagSet does not exist', { BucketName: route.bucket })
  }
  sendXml(res, 200, renderTagging(tags))
}

/** DeleteBucketTagging: removes the bucket's tags (none stored is fine) and answers 204. */
export const handleDeleteBucketTagging: Handler = async ({ ctx, res, route }) => {
  await ctx.storage.putBucketDocument(route.bucket, BUCKET_TAGGING_DOCUMENT, undefined)
  sendEmpty(res, 204)
}
