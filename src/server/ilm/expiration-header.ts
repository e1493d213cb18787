import type { ObjectInfo, ObjectLayer } from '../storage/object-layer.js'
import { readObjectTags } from '../tagging/object-tags.js'
import { currentExpiry, LIFECYCLE_DOCUMENT, parseStoredRules } from './lifecycle-rules.js'

/**
 * `x-amz-expiration` for a current version a lifecycle rule will expire, in S3's form:
 * `expiry-date="Fri, 23 Dec 2012 00:00:00 GMT", rule-id="picture-deletion-rule"` (GetObject,
 * HeadObject and PutObject answer it). `{}` when no enabled rule expires it, or for a read of a
 * version by ID (noncurrent versions expire by NoncurrentVersionExpiration, not shown).
 *
 * @example res.writeHead(200, { ...(await expirationHeader(ctx.storage, info, versionId)) })
 */
export async function expirationHeader(
  storage: ObjectLayer,
  info: ObjectInfo,
  requestedVersionId?: string,
): Promise<Record<string, string>> {
  if (requestedVersionId !== undefined) return {}
  const text = await storage.getBucketDocument(info.bucket, LIFECYCLE_DOCUMENT)
  if (text === undefined) return {}
  const expiry = currentExpiry(parseStoredRules(text), {
    key: info.key,
    size: info.size,
    tags: readObjectTags(info),
    lastModified: info.lastModified,
  })
  if (!expiry) return {}
  return {
    'x-amz-expiration': `expiry-date="${expiry.date.toUTCString()}", rule-id="${headerSafe(expiry.ruleId)}"`,
  }
}

// A rule ID may hold any text; a header value may not (Node refuses a line break or '€'): such
// IDs go out percent-encoded, as a `"` would end the quoted value.
function headerSafe(id: string): string {
  return /^[\x20-\x7e]*$/.test(id) && !id.includes('"') ? id : encodeURIComponent(id)
}
