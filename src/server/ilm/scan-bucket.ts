/**
 * One bucket's lifecycle pass: expires current versions, removes expired delete markers and
 * noncurrent versions, aborts old incomplete uploads, as the bucket's enabled rules say
 * (S3 user guide, "Lifecycle configuration elements"). Every removal goes through storage's
 * deleteObject with a `check` run under the key's lock, so a version object lock protects, or a
 * current version rewritten since it was listed, is left alone.
 */
import type { ObjectEvent } from '../events/event-publisher.js'
import { isVersionLocked } from '../object-lock/lock-enforcement.js'
import { lockStateOf } from '../object-lock/object-lock-state.js'
import type { ObjectInfo, ObjectLayer, VersioningState } from '../storage/object-layer.js'
import { readObjectTags } from '../tagging/object-tags.js'
import {
  abortDaysFor,
  currentExpiry,
  expiryAfterDays,
  type LifecycleRule,
  noncurrentRules,
  removesExpiredMarkers,
} from './lifecycle-rules.js'
import type { ScanCounts } from './scan-counts.js'
import type { ScanPacer } from './scan-pacer.js'

/** Everything a bucket pass needs. */
export interface BucketScan {
  storage: ObjectLayer
  bucket: string
  rules: readonly LifecycleRule[]
  versioning: VersioningState | undefined
  now: Date
  pacer: ScanPacer
  counts: ScanCounts
  /** Publishes the removal's `s3:ObjectRemoved:Delete` event. */
  publish(event: ObjectEvent): Promise<void>
  /** True once the server is closing: the pass stops at the next object. */
  stopping(): boolean
}

const PAGE = 1000

// Thrown from a deleteObject check to leave a version in place (nothing is changed).
class Skip extends Error {
  constructor(readonly locked: boolean) {
    super('lifecycle: version left in place')
  }
}

/** Runs the bucket's pass: objects (or versions), then multipart uploads. */
export async function scanBucket(scan: BucketScan): Promise<void> {
  // Rules that only abort uploads need no walk over the objects.
  if (scan.rules.some((rule) => rule.enabled && (rule.expiration || rule.noncurrentExpiration))) {
    if (scan.versioning === undefined) await scanObjects(scan)
    else await scanVersions(scan)
  }
  await scanUploads(scan)
}

function subjectOf(info: ObjectInfo) {
  return { key: info.key, size: info.size, tags: readObjectTags(info), lastModified: info.lastModified }
}

async function scanObjects(scan: BucketScan): Promise<void> {
  let startAfter: string | undefined
  for (;;) {
    const page = await scan.storage.listObjects({ bucket: scan.bucket, startAfter, maxKeys: PAGE })
    for (const object of page.objects) {
      if (scan.stopping()) return
      scan.counts.examined += 1
      await expireCurrent(scan, object)
      await scan.pacer.tick()
    }
    if (!page.isTruncated || page.nextStartAfter === undefined) return
    startAfter = page.nextStartAfter
  }
}

async function scanVersions(scan: BucketScan): Promise<void> {
  const list = scan.storage.listObjectVersions
  if (!list) return
  let keyMarker: string | undefined
  let versionIdMarker: string | undefined
  // A key's versions, newest first, gathered across pages before they are judged together.
  let group: ObjectInfo[] = []
  for (;;) {
    const page = await list.call(scan.storage, {
      bucket: scan.bucket,
      keyMarker,
      versionIdMarker,
      maxKeys: PAGE,
    })
    for (const version of page.versions) {
      if (scan.stopping()) return
      if (group.length > 0 && group[0]!.key !== version.key) {
        await scanKeyVersions(scan, group)
        group = []
      }
      group.push(version)
    }
    if (!page.isTruncated) break
    keyMarker = page.nextKeyMarker
    versionIdMarker = page.nextVersionIdMarker
  }
  if (group.length > 0 && !scan.stopping()) await scanKeyVersions(scan, group)
}

/** Judges one key's versions (newest first): noncurrent ones, then the latest. */
async function scanKeyVersions(scan: BucketScan, versions: ObjectInfo[]): Promise<void> {
  let left = 0
  for (let i = 1; i < versions.length; i++) {
    const version = versions[i]!
    scan.counts.examined += 1
    // Noncurrent since the next newer version was made; the newest `keep` noncurrent stay.
    const since = versions[i - 1]!.lastModified
    const due = noncurrentRules(scan.rules, subjectOf(version)).some(
      (rule) => i > rule.keep && expiryAfterDays(since, rule.days) <= scan.now,
    )
    if (due && (await removeVersion(scan, version))) scan.counts.noncurrentRemoved += 1
    else left += 1
    await scan.pacer.tick()
  }
  const latest = versions[0]!
  scan.counts.examined += 1
  if (latest.deleteMarker) {
    // An expired object delete marker: the only version its key has left.
    if (left === 0 && removesExpiredMarkers(scan.rules, latest.key) && (await removeVersion(scan, latest))) {
      scan.counts.deleteMarkersRemoved += 1
    }
  } else {
    await expireCurrent(scan, latest)
  }
  await scan.pacer.tick()
}

/** Expires a current version whose rule is due: removed, or hidden behind a delete marker. */
async function expireCurrent(scan: BucketScan, current: ObjectInfo): Promise<void> {
  const expiry = currentExpiry(scan.rules, subjectOf(current))
  if (!expiry || expiry.date > scan.now) return
  const check = (stored: ObjectInfo) => {
    // Rewritten since it was listed: the new version is judged on the next pass. (Under
    // Suspended, `stored` may be an older null version the marker replaces: only locks count.)
    const sameVersion = (stored.versionId ?? 'null') === (current.versionId ?? 'null')
    const rewritten =
      stored.etag !== current.etag || stored.lastModified.getTime() !== current.lastModified.getTime()
    if (sameVersion && rewritten) throw new Skip(false)
    if (isVersionLocked(lockStateOf(stored.headers), scan.now)) throw new Skip(true)
  }
  if (scan.versioning === 'Enabled') {
    // A delete marker removes nothing (object lock allows it); the listed version must still be
    // the latest, or a newer write would be hidden.
    const latest = await scan.storage.headObject(scan.bucket, current.key).catch(() => undefined)
    if (!latest || latest.versionId !== current.versionId) return
  }
  const result = await attempt(scan, () =>
    scan.storage.deleteObject(scan.bucket, current.key, { versioning: scan.versioning, check }),
  )
  if (result === undefined) return
  scan.counts.expired += 1
  await scan.publish({
    name: 's3:ObjectRemoved:Delete',
    bucket: scan.bucket,
    key: current.key,
    ...(result.versionId === undefined ? {} : { versionId: result.versionId }),
  })
}

/** Removes one version or delete marker by its ID unless object lock protects it. */
async function removeVersion(scan: BucketScan, version: ObjectInfo): Promise<boolean> {
  const versionId = version.versionId ?? 'null'
  const check = (stored: ObjectInfo) => {
    if (isVersionLocked(lockStateOf(stored.headers), scan.now)) throw new Skip(true)
  }
  const result = await attempt(scan, () =>
    scan.storage.deleteObject(scan.bucket, version.key, { versionId, check }),
  )
  if (result === undefined) return false
  await scan.publish({ name: 's3:ObjectRemoved:Delete', bucket: scan.bucket, key: version.key, versionId })
  return true
}

async function attempt<T>(scan: BucketScan, remove: () => Promise<T>): Promise<T | undefined> {
  try {
    return await remove()
  } catch (error) {
    if (!(error instanceof Skip)) throw error
    if (error.locked) scan.counts.lockedSkipped += 1
    return undefined
  }
}

async function scanUploads(scan: BucketScan): Promise<void> {
  if (!scan.rules.some((rule) => rule.enabled && rule.abortIncompleteDays !== undefined)) return
  let keyMarker: string | undefined
  let uploadIdMarker: string | undefined
  for (;;) {
    const page = await scan.storage.listMultipartUploads({
      bucket: scan.bucket,
      keyMarker,
      uploadIdMarker,
      maxUploads: PAGE,
    })
    for (const upload of page.uploads) {
      if (scan.stopping()) return
      scan.counts.examined += 1
      const days = abortDaysFor(scan.rules, upload.key)
      if (days !== undefined && expiryAfterDays(upload.initiated, days) <= scan.now) {
        const aborted = await scan.storage
          .abortMultipartUpload(scan.bucket, upload.key, upload.uploadId)
          .then(() => true)
          // Completed or aborted by a client meanwhile: nothing left to abort.
          .catch((error: { code?: string }) => {
            if (error.code === 'NoSuchUpload') return false
            throw error
          })
        if (aborted) scan.counts.uploadsAborted += 1
      }
      await scan.pacer.tick()
    }
    if (!page.isTruncated) return
    keyMarker = page.nextKeyMarker
    uploadIdMarker = page.nextUploadIdMarker
  }
}
