import { compareUtf8 } from '../common/compare-utf8.js'
import type { ListObjectsInput, ListObjectsResult, ObjectInfo } from '../object-layer.js'
import type { Drive } from './drive.js'
import { decodeObjectKey, encodeBucketBase, encodeJustAfter, encodePastPrefix } from './key-codec.js'
import { requireBucket } from './lookup.js'
import { isDeleteMarker, toObjectInfo } from './records.js'

const MAX_KEYS = 1000

type Entry = { object: ObjectInfo } | { commonPrefix: string }

/**
 * ListObjects as a range scan over `[max(prefix, startAfter), end of prefix)`, of each key's
 * latest version (keys whose latest version is a delete marker are skipped). With a delimiter,
 * a key that rolls up into a common prefix ends the scan there and a new one starts past the
 * whole prefix, so a million keys under `dir/` cost one cursor seek, not a million steps.
 */
export function listObjects(drive: Drive, input: ListObjectsInput & ListOptions): ListObjectsResult {
  requireBucket(drive, input.bucket)
  const maxKeys = Math.min(Math.max(input.maxKeys ?? MAX_KEYS, 0), MAX_KEYS)
  if (maxKeys === 0) return { objects: [], commonPrefixes: [], isTruncated: false }
  // One entry past the page tells whether the listing is truncated.
  const entries = collectEntries(drive, input, maxKeys + 1)
  const page = entries.slice(0, maxKeys)
  const isTruncated = entries.length > maxKeys
  const result: ListObjectsResult = {
    objects: page.flatMap((e) => ('object' in e ? [e.object] : [])),
    commonPrefixes: page.flatMap((e) => ('commonPrefix' in e ? [e.commonPrefix] : [])),
    isTruncated,
  }
  const last = page.at(-1)
  if (isTruncated && last) result.nextStartAfter = 'object' in last ? last.object.key : last.commonPrefix
  return result
}

/** What a drive of an erasure set lists differently. */
export interface ListOptions {
  /** Keys whose latest version is a delete marker too (left out by default, as S3 does). */
  withDeleteMarkers?: boolean
}

function collectEntries(drive: Drive, input: ListObjectsInput & ListOptions, limit: number): Entry[] {
  const { bucket, startAfter } = input
  const prefix = input.prefix ?? ''
  const delimiter = input.delimiter || undefined
  const base = encodeBucketBase(bucket)
  const end = encodePastPrefix(base, prefix)
  const entries: Entry[] = []
  let start: Buffer | undefined = scanStart(base, prefix, startAfter)
  while (start && entries.length < limit) {
    let seek: Buffer | undefined
    for (const { key: lmdbKey, value } of drive.meta.objects.getRange({ start, end })) {
      // A deleted key (its latest version a marker) is not listed, nor is a prefix of only such keys.
      if (isDeleteMarker(value) && !input.withDeleteMarkers) continue
      const key = decodeObjectKey(lmdbKey, base.length)
      const rolled = delimiter === undefined ? undefined : commonPrefixOf(key, prefix, delimiter)
      if (rolled === undefined) {
        entries.push({ object: toObjectInfo(bucket, key, value) })
        if (entries.length >= limit) break
        continue
      }
      // startAfter is exclusive for common prefixes too (it may be one returned by a prior page).
      if (startAfter === undefined || compareUtf8(rolled, startAfter) > 0)
        entries.push({ commonPrefix: rolled })
      seek = encodePastPrefix(base, rolled)
      break
    }
    start = seek
  }
  return entries
}

/** The first LMDB key to look at: the prefix, or just past startAfter when that is later. */
function scanStart(base: Buffer, prefix: string, startAfter: string | undefined): Buffer {
  const atPrefix = Buffer.concat([base, Buffer.from(prefix, 'utf8')])
  if (startAfter === undefined) return atPrefix
  const afterStart = encodeJustAfter(base, startAfter)
  return Buffer.compare(afterStart, atPrefix) > 0 ? afterStart : atPrefix
}

/** The common prefix `key` rolls up into: up to the first delimiter after the prefix, inclusive. */
function commonPrefixOf(key: string, prefix: string, delimiter: string): string | undefined {
  const at = key.indexOf(delimiter, prefix.length)
  return at < 0 ? undefined : key.slice(0, at + delimiter.length)
}
