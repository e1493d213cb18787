/**
 * Bucket and object tags: `PUT/GET/DELETE /bucket?tagging` and `/bucket/key?tagging` (with
 * `versionId` for an object's version). Tags are given as `{ key: value }` and read back as
 * minio-js reads them: an array of `{ Key, Value }` (values typed as fast-xml-parser types them).
 * Limits checked before any request: 10 tags on an object, 50 on a bucket (S3's).
 */
import { InvalidArgumentError } from '../../errors.js'
import { discardBody } from '../../transport/parse.js'
import type { Transport } from '../../transport/transport.js'
import { escapeXml } from '../../transport/xml.js'
import { md5Base64 } from '../../upload/digest.js'
import { assertBucketName, assertObjectName, optionalObject, optionalString } from '../../validate.js'
import { parseMinioXml, toArray } from '../versioning/minio-xml.js'

/**
 * Tags to set: key to value.
 * @example
 * const tags: Tags = { project: 'apollo', stage: 'raw' }
 */
export type Tags = Record<string, string>

/**
 * One tag as read back (a numeric-looking value reads as a number, as in minio-js).
 * @example
 * const [{ Key, Value }] = await client.getObjectTagging('photos', 'a.jpg')
 */
export interface Tag {
  Key: string
  Value: string
}

/**
 * Options of the object tagging methods: the version to tag.
 * @example
 * await client.setObjectTagging('photos', 'a.jpg', { k: 'v' }, { versionId })
 */
export interface TaggingOpts {
  versionId?: string
}

/** Where tags live: a bucket, or one object (version). */
interface Target {
  bucket: string
  key?: string
  versionId?: string
}

const OBJECT_TAG_LIMIT = 10
const BUCKET_TAG_LIMIT = 50

/**
 * Checks bucket, key and options of an object tagging call.
 * @example
 * const target = objectTarget('photos', 'a.jpg', { versionId: 'v1' }, 'putOpts')
 */
export function objectTarget(
  bucketName: unknown,
  objectName: unknown,
  opts: unknown,
  argument: string,
): Target {
  assertBucketName(bucketName)
  assertObjectName(objectName)
  const options = optionalObject<TaggingOpts>(opts ?? undefined, argument)
  const versionId = optionalString(options.versionId, `${argument}.versionId`)
  return { bucket: bucketName, key: objectName, ...(versionId ? { versionId } : {}) }
}

function query(target: Target): Record<string, string> {
  return target.versionId ? { tagging: '', versionId: target.versionId } : { tagging: '' }
}

/**
 * Replaces the tags of a bucket or object with `tags` (`{ key: value }`).
 * @example
 * await putTags(transport, { bucket: 'photos' }, { team: 'web' })
 */
export async function putTags(t: Transport, target: Target, tags: unknown): Promise<void> {
  if (typeof tags !== 'object' || tags === null || Array.isArray(tags)) {
    throw new InvalidArgumentError('tags should be of type "object"')
  }
  const entries = Object.entries(tags)
  const limit = target.key === undefined ? BUCKET_TAG_LIMIT : OBJECT_TAG_LIMIT
  if (entries.length > limit) {
    throw new InvalidArgumentError(`Maximum tags allowed is ${limit}, got ${entries.length}`)
  }
  let set = ''
  for (const [key, value] of entries) {
    set += `<Tag><Key>${escapeXml(key)}</Key><Value>${escapeXml(String(value))}</Value></Tag>`
  }
  const body = new TextEncoder().encode(`<Tagging><TagSet>${set}</TagSet></Tagging>`)
  const headers = { 'content-md5': md5Base64(body), 'content-type': 'application/xml' }
  await t.call(
    { method: 'PUT', bucket: target.bucket, key: target.key, query: query(target), headers, body },
    discardBody,
  )
}

/**
 * The tags of a bucket or object as `[{ Key, Value }]` ([] when there are none).
 * @example
 * const tags = await getTags(transport, { bucket: 'photos', key: 'a.jpg' })
 */
export async function getTags(t: Transport, target: Target): Promise<Tag[]> {
  return t.call(
    { method: 'GET', bucket: target.bucket, key: target.key, query: query(target) },
    async (res) => {
      const root = await parseMinioXml(await res.text(), 'Tagging')
      const set = root.TagSet as { Tag?: Tag | Tag[] } | undefined
      return toArray(set?.Tag)
    },
  )
}

/**
 * Removes every tag of a bucket or object.
 * @example
 * await removeTags(transport, { bucket: 'photos' })
 */
export async function removeTags(t: Transport, target: Target): Promise<void> {
  await t.call(
    { method: 'DELETE', bucket: target.bucket, key: target.key, query: query(target) },
    discardBody,
  )
}
