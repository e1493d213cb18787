/**
 * Object and bucket tags (S3's tag sets): how they are read from requests, checked against S3's
 * limits, and stored. An object's tags live in its stored headers as `x-silo-internal-tags`, in
 * the URL-encoded query form of `x-amz-tagging` (`k1=v1&k2=v2`), so they are written with the
 * object in the same commit (PutObject, Copy, Complete) and rewritten with its metadata
 * (PutObjectTagging), on either backend, with nothing else to keep in step.
 */

import { S3ServerError } from '../errors.js'
import { TAGS_HEADER } from '../storage/common/internal-headers.js'
import type { ObjectInfo } from '../storage/object-layer.js'

/** One tag: key and value (a value may be empty). */
export interface Tag {
  key: string
  value: string
}

export { TAGS_HEADER }

/** S3's limits: 10 tags per object, 50 per bucket, keys of 128 and values of 256 characters. */
export const TAG_LIMITS = { object: 10, bucket: 50, keyLength: 128, valueLength: 256 } as const

/** What a tag set belongs to: its limit on the number of tags differs. */
export type TagTarget = 'object' | 'bucket'

// S3's allowed characters in tag keys and values: letters, numbers and spaces of any script,
// and + - = . _ : / @ (the S3 user guide, "Categorizing your storage using tags").
const ALLOWED = /^[\p{L}\p{Z}\p{N}_.:/=+\-@]*$/u

/**
 * Reads an `x-amz-tagging` header (URL-encoded `k1=v1&k2=v2`, `+` a space) into tags and checks
 * them as an object's: InvalidArgument for a key given twice (S3's message), InvalidTag for a
 * key or value S3 refuses, BadRequest past 10 tags. An empty header is no tags.
 *
 * @example parseTaggingHeader('project=silo&env=dev') // [{ key: 'project', value: 'silo' }, { key: 'env', value: 'dev' }]
 */
export function parseTaggingHeader(header: string): Tag[] {
  const tags: Tag[] = []
  const seen = new Set<string>()
  for (const [key, value] of new URLSearchParams(header)) {
    if (seen.has(key)) {
      throw new S3ServerError(
        'InvalidArgument',
        "The header 'x-amz-tagging' shall be encoded as UTF-8 then URLEncoded URL query parameters without tag name duplicates.",
        { ArgumentName: 'x-amz-tagging', ArgumentValue: header.slice(0, 256) },
      )
    }
    seen.add(key)
    tags.push({ key, value })
  }
  checkTags(tags, 'object')
  return tags
}

/**
 * Checks a tag set as S3 does: InvalidTag for an empty, too long (128), `aws:`-prefixed or
 * ill-charactered key, a too long (256) or ill-charactered value, or a key given twice;
 * BadRequest (objects, S3's answer) or InvalidTag (buckets) past the count limit.
 *
 * @example checkTags([{ key: 'aws:x', value: '1' }], 'object') // throws InvalidTag
 */
export function checkTags(tags: readonly Tag[], target: TagTarget): void {
  const limit = TAG_LIMITS[target]
  if (tags.length > limit) {
    if (target === 'object') throw new S3ServerError('BadRequest', 'Object tags cannot be greater than 10')
    throw new S3ServerError('InvalidTag', 'Bucket tag count cannot be greater than 50')
  }
  const seen = new Set<string>()
  for (const { key, value } of tags) {
    if (key === '' || key.length > TAG_LIMITS.keyLength || !ALLOWED.test(key)) {
      throw invalidTag('The TagKey you have provided is invalid', key, value)
    }
    if (key.toLowerCase().startsWith('aws:')) {
      throw invalidTag('Your TagKey cannot be prefixed with aws:', key, value)
    }
    if (value.length > TAG_LIMITS.valueLength || !ALLOWED.test(value)) {
      throw invalidTag('The TagValue you have provided is invalid', key, value)
    }
    if (seen.has(key)) throw invalidTag('Cannot provide multiple Tags with the same key', key, value)
    seen.add(key)
  }
}

/**
 * Tags in the URL-encoded query form (`k1=v1&k2=v2`), as stored and as `x-amz-tagging` carries
 * them.
 *
 * @example encodeTags([{ key: 'a b', value: 'c' }]) // 'a%20b=c'
 */
export function encodeTags(tags: readonly Tag[]): string {
  return tags.map(({ key, value }) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`).join('&')
}

/**
 * The stored headers for a request's `x-amz-tagging` (parseTaggingHeader); none without one.
 *
 * @example requestTagHeaders(req.headers['x-amz-tagging']) // { 'x-silo-internal-tags': 'a=1' }
 */
export function requestTagHeaders(header: string | string[] | undefined): Record<string, string> {
  if (header === undefined) return {}
  return tagHeaders(parseTaggingHeader(Array.isArray(header) ? header.join('&') : header))
}

/**
 * The stored headers that record `tags`: the tags header, or nothing for no tags.
 *
 * @example tagHeaders([{ key: 'a', value: '1' }]) // { 'x-silo-internal-tags': 'a=1' }
 */
export function tagHeaders(tags: readonly Tag[]): Record<string, string> {
  return tags.length === 0 ? {} : { [TAGS_HEADER]: encodeTags(tags) }
}

/**
 * An object's tags, from its stored headers (checked when they were stored).
 *
 * @example readObjectTags(await storage.headObject(bucket, key))
 */
export function readObjectTags(info: Pick<ObjectInfo, 'headers'>): Tag[] {
  const stored = info.headers[TAGS_HEADER]
  if (stored === undefined || stored === '') return []
  return [...new URLSearchParams(stored)].map(([key, value]) => ({ key, value }))
}

/**
 * How many tags an object has (`x-amz-tagging-count`).
 *
 * @example tagCount(info) // 2
 */
export function tagCount(info: Pick<ObjectInfo, 'headers'>): number {
  return readObjectTags(info).length
}

function invalidTag(message: string, key: string, value: string): S3ServerError {
  return new S3ServerError('InvalidTag', message, {
    TagKey: key.slice(0, 256),
    TagValue: value.slice(0, 256),
  })
}
