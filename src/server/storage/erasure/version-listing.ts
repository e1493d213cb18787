import { isS3ServerError } from '../../errors.js'
import type { ListObjectVersionsInput, ListObjectVersionsResult, ObjectInfo } from '../object-layer.js'
import { requireBucket } from './buckets.js'
import {
  agreedVersions,
  chooseRecord,
  type ErasureContext,
  minimumReadDrives,
  usableDrives,
} from './context.js'
import { orderOf, toObjectInfo } from './object-meta.js'
import { compareKeys, walkVersions } from './version-walk.js'

const MAX_KEYS = 1000

type Entry = { name: string; version: ObjectInfo } | { name: string; prefix: string }

/**
 * ListObjectVersions across drives: the drives' version listings merged (version-walk.ts). A
 * version or delete marker is listed when at least `data` drives hold it (what a read needs), a
 * common prefix when at least half the answering drives roll keys up into it. Keys come in UTF-8
 * byte order, a key's versions newest first; the first listed version of a key is its latest.
 * Paging is S3's (keyMarker, versionIdMarker; see ListObjectVersionsInput).
 */
export async function listObjectVersions(
  ctx: ErasureContext,
  input: ListObjectVersionsInput,
): Promise<ListObjectVersionsResult> {
  const drives = await usableDrives(ctx, minimumReadDrives(ctx), `ListObjectVersions ${input.bucket}`, false)
  await requireBucket(ctx, input.bucket, drives)
  const maxKeys = Math.min(Math.max(input.maxKeys ?? MAX_KEYS, 0), MAX_KEYS)
  if (maxKeys === 0) return { versions: [], commonPrefixes: [], isTruncated: false }
  const prefixQuorum = Math.max(1, Math.ceil(drives.length / 2))
  // Continuing after a version: that key's latest was listed before, and a drive that lacks the
  // marker's version must not list that key's versions newer than it again.
  const markerOrder = await orderOfMarker(ctx, input)
  let latestListed = input.versionIdMarker !== undefined ? input.keyMarker : undefined
  const entries: Entry[] = []
  let exhausted = true
  const walk = walkVersions(ctx, drives, { ...input, pageSize: Math.min(MAX_KEYS, maxKeys + 1) })
  for await (const round of walk) {
    const names = [
      ...round.keys.map(({ key, records }) => ({ name: key, records })),
      ...[...round.prefixes]
        .filter(([, n]) => n >= prefixQuorum)
        .map(([name]) => ({ name, records: undefined })),
    ].sort((a, b) => compareKeys(a.name, b.name))
    for (const { name, records } of names) {
      if (!records) {
        entries.push({ name, prefix: name })
        continue
      }
      for (const version of agreedVersions(records)) {
        const { meta } = version
        if (name === input.keyMarker && markerOrder !== undefined && orderOf(meta) <= markerOrder) continue
        const info = toObjectInfo(input.bucket, name, meta, false)
        info.versionId = meta.version?.id ?? 'null'
        info.isLatest = latestListed !== name
        latestListed = name
        entries.push({ name, version: info })
      }
    }
    if (entries.length > maxKeys) {
      exhausted = false
      await walk.return(undefined)
      break
    }
  }
  const page = entries.slice(0, maxKeys)
  const isTruncated = entries.length > maxKeys || !exhausted
  const result: ListObjectVersionsResult = {
    versions: page.flatMap((e) => ('version' in e ? [e.version] : [])),
    commonPrefixes: page.flatMap((e) => ('prefix' in e ? [e.prefix] : [])),
    isTruncated,
  }
  const last = page.at(-1)
  if (isTruncated && last) {
    result.nextKeyMarker = last.name
    if ('version' in last) result.nextVersionIdMarker = last.version.versionId
  }
  return result
}

/** The order token of the version `versionIdMarker` names, when the drives agree on it. */
async function orderOfMarker(
  ctx: ErasureContext,
  input: ListObjectVersionsInput,
): Promise<string | undefined> {
  if (input.keyMarker === undefined || input.versionIdMarker === undefined) return undefined
  try {
    return orderOf((await chooseRecord(ctx, input.bucket, input.keyMarker, input.versionIdMarker)).meta)
  } catch (error) {
    if (isS3ServerError(error)) return undefined
    throw error
  }
}
