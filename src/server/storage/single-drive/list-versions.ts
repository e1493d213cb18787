import { compareUtf8 } from '../common/compare-utf8.js'
import { NULL_VERSION_ID } from '../common/version-id.js'
import type { ListObjectVersionsInput, ListObjectVersionsResult, ObjectInfo } from '../object-layer.js'
import type { Drive } from './drive.js'
import {
  decodeObjectKey,
  encodeBucketBase,
  encodeJustAfter,
  encodeObjectKey,
  encodePastPrefix,
} from './key-codec.js'
import { requireBucket } from './lookup.js'
import { type StoredObject, toObjectInfo } from './records.js'
import { decodeVersionKey, versionRangeOf, versionsAfter } from './version-codec.js'
import { orderOf, versionIdOf } from './versions.js'

const MAX_KEYS = 1000

type Entry = { version: ObjectInfo; order: string } | { commonPrefix: string }

/** A page of versions, with each version's order token (for a drive's listing: heal copies it). */
export type StoredVersionsPage = ListObjectVersionsResult & { orders: string[] }

/**
 * ListObjectVersions: a range scan over the latest records (`objects`, as ListObjects) and, for
 * each key, the range of its noncurrent versions (`versions`, newest first). Paging is S3's:
 * `keyMarker` alone resumes after every version of that key (or after that common prefix),
 * with `versionIdMarker` after that version of the key. Versions, delete markers and common
 * prefixes each count one towards `maxKeys`.
 */
export function listObjectVersions(drive: Drive, input: ListObjectVersionsInput): StoredVersionsPage {
  requireBucket(drive, input.bucket)
  const maxKeys = Math.min(Math.max(input.maxKeys ?? MAX_KEYS, 0), MAX_KEYS)
  if (maxKeys === 0) return { versions: [], orders: [], commonPrefixes: [], isTruncated: false }
  const entries = collectEntries(drive, input, maxKeys + 1)
  const page = entries.slice(0, maxKeys)
  const result: StoredVersionsPage = {
    versions: page.flatMap((e) => ('version' in e ? [e.version] : [])),
    orders: page.flatMap((e) => ('version' in e ? [e.order] : [])),
    commonPrefixes: page.flatMap((e) => ('commonPrefix' in e ? [e.commonPrefix] : [])),
    isTruncated: entries.length > maxKeys,
  }
  const last = page.at(-1)
  if (result.isTruncated && last) {
    if ('version' in last) {
      result.nextKeyMarker = last.version.key
      result.nextVersionIdMarker = last.version.versionId
    } else {
      result.nextKeyMarker = last.commonPrefix
    }
  }
  return result
}

function collectEntries(drive: Drive, input: ListObjectVersionsInput, limit: number): Entry[] {
  const { bucket } = input
  const prefix = input.prefix ?? ''
  const delimiter = input.delimiter || undefined
  const keyMarker = input.keyMarker || undefined
  const base = encodeBucketBase(bucket)
  const end = encodePastPrefix(base, prefix)
  const entries: Entry[] = []
  const push = (entry: Entry) => {
    entries.push(entry)
    return entries.length >= limit
  }
  // The rest of the marker key's versions come first, when a version marker says where to resume.
  if (keyMarker !== undefined && input.versionIdMarker && keyMarker.startsWith(prefix)) {
    const rolled = delimiter === undefined ? undefined : commonPrefixOf(keyMarker, prefix, delimiter)
    if (rolled === undefined) {
      for (const entry of versionsAfterMarker(drive, bucket, keyMarker, input.versionIdMarker)) {
        if (push(entry)) return entries
      }
    }
  }
  let start: Buffer | undefined = scanStart(base, prefix, keyMarker)
  while (start && entries.length < limit) {
    let seek: Buffer | undefined
    for (const { key: lmdbKey, value } of drive.meta.objects.getRange({ start, end })) {
      const key = decodeObjectKey(lmdbKey, base.length)
      const rolled = delimiter === undefined ? undefined : commonPrefixOf(key, prefix, delimiter)
      if (rolled === undefined) {
        let full = false
        for (const entry of versionsOf(drive, bucket, key, value)) {
          full = push(entry)
          if (full) break
        }
        if (full) break
        continue
      }
      // keyMarker is exclusive for common prefixes too (it may be one returned by a prior page).
      if (keyMarker === undefined || compareUtf8(rolled, keyMarker) > 0) push({ commonPrefix: rolled })
      seek = encodePastPrefix(base, rolled)
      break
    }
    start = seek
  }
  return entries
}

/** Every version of a key, newest first: the latest record, then the noncurrent ones. */
function* versionsOf(
  drive: Drive,
  bucket: string,
  key: string,
  latest: StoredObject,
): Generator<VersionEntry> {
  yield versionEntry(bucket, key, latest, true)
  yield* noncurrent(drive, bucket, key, versionRangeOf(bucket, key))
}

/**
 * The versions of `key` after the version `versionIdMarker` (by order). A token ID is its own
 * order; the null version's is looked up (none: the key is done).
 */
function* versionsAfterMarker(
  drive: Drive,
  bucket: string,
  key: string,
  versionIdMarker: string,
): Generator<VersionEntry> {
  const latest = drive.meta.objects.get(encodeObjectKey(bucket, key))
  if (!latest) return
  let order: string | undefined = versionIdMarker
  if (versionIdMarker === NULL_VERSION_ID) {
    order = versionIdOf(latest) === NULL_VERSION_ID ? orderOf(latest) : latest.nullOrder
  }
  if (order === undefined) return
  if (orderOf(latest) > order) yield versionEntry(bucket, key, latest, true)
  yield* noncurrent(drive, bucket, key, versionsAfter(bucket, key, order))
}

function* noncurrent(
  drive: Drive,
  bucket: string,
  key: string,
  range: { start: Buffer; end: Buffer },
): Generator<VersionEntry> {
  const baseLength = Buffer.byteLength(bucket, 'utf8') + 1
  for (const { key: lmdbKey, value } of drive.meta.versions.getRange(range)) {
    // A key holding 0x00 shares the range's bytes with its prefix key: only this key's versions.
    if (decodeVersionKey(lmdbKey, baseLength).key !== key) continue
    yield versionEntry(bucket, key, value, false)
  }
}

type VersionEntry = { version: ObjectInfo; order: string }

function versionEntry(bucket: string, key: string, stored: StoredObject, isLatest: boolean): VersionEntry {
  const info = toObjectInfo(bucket, key, stored)
  info.versionId = versionIdOf(stored)
  info.isLatest = isLatest
  return { version: info, order: orderOf(stored) }
}

/** The first LMDB key to look at: the prefix, or just past the key marker when that is later. */
function scanStart(base: Buffer, prefix: string, keyMarker: string | undefined): Buffer {
  const atPrefix = Buffer.concat([base, Buffer.from(prefix, 'utf8')])
  if (keyMarker === undefined) return atPrefix
  const afterMarker = encodeJustAfter(base, keyMarker)
  return Buffer.compare(afterMarker, atPrefix) > 0 ? afterMarker : atPrefix
}

/** The common prefix `key` rolls up into: up to the first delimiter after the prefix, inclusive. */
function commonPrefixOf(key: string, prefix: string, delimiter: string): string | undefined {
  const at = key.indexOf(delimiter, prefix.length)
  return at < 0 ? undefined : key.slice(0, at + delimiter.length)
}
