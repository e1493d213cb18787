import type { IncomingHttpHeaders } from 'node:http'
import type { Identity } from '../../auth/credentials.js'
import { S3ServerError } from '../../errors.js'
import type { ObjectEvent } from '../../events/event-publisher.js'
import { checkVersionRemovable } from '../../object-lock/lock-enforcement.js'
import { lockStateOf } from '../../object-lock/object-lock-state.js'
import type { ObjectInfo, ObjectLayer } from '../../storage/object-layer.js'

/** Versions deleted at once: a listing page's worth, so their commits can share group commits. */
const PAGE = 1000

/**
 * Whether a DELETE asks to remove everything under its key as a prefix: `x-silo-force-delete:
 * true`, or MinIO's spelling `x-minio-force-delete: true` (what minio-js's `forceDelete` sends).
 *
 * @example if (isForceDelete(req.headers)) ...
 */
export function isForceDelete(headers: IncomingHttpHeaders): boolean {
  for (const name of ['x-silo-force-delete', 'x-minio-force-delete']) {
    const value = headers[name]
    if (typeof value === 'string' && value.trim().toLowerCase() === 'true') return true
  }
  return false
}

/**
 * Force delete (MinIO's extension): removes every object under `prefix`, every version and delete
 * marker of each, and returns one `s3:ObjectRemoved:Delete` event per version removed. Only the
 * root credential may (the one the admin API takes): anyone else is AccessDenied, before anything
 * is touched. A version storage refuses to remove (a locked one) fails the request with its error;
 * what was removed before stays removed.
 *
 * @example const events = await forceDeletePrefix(ctx.storage, identity, 'photos', '2024/')
 */
export async function forceDeletePrefix(
  storage: ObjectLayer,
  identity: Identity,
  bucket: string,
  prefix: string,
): Promise<ObjectEvent[]> {
  if (!identity.root) {
    const who = identity.anonymous ? 'anonymous requests' : identity.accessKey
    throw new S3ServerError(
      'AccessDenied',
      `Access Denied: only the root credential may force-delete a prefix, not ${who}.`,
    )
  }
  const events: ObjectEvent[] = []
  const removed = new Set<string>()
  // Each round lists from the start: what the previous round removed is gone, so a page is
  // always what remains, until nothing does.
  for (;;) {
    const page = await listUnder(storage, bucket, prefix)
    if (page.length === 0) return events
    // A version listed again after its removal was not removed: stop rather than loop forever.
    const again = page.find((v) => removed.has(`${v.key}\0${v.versionId}`))
    if (again) {
      throw new S3ServerError(
        'InternalError',
        `Force delete could not remove ${again.key} (${again.versionId}).`,
      )
    }
    for (const v of page) removed.add(`${v.key}\0${v.versionId}`)
    await Promise.all(
      page.map(async (version) => {
        // Object lock holds against a forced delete too: no bypass, whoever asks.
        const check = (current: ObjectInfo) =>
          checkVersionRemovable(lockStateOf(current.headers), { now: new Date(), bypassGovernance: false })
        const result = await storage.deleteObject(
          bucket,
          version.key,
          version.versionId === undefined ? { check } : { versionId: version.versionId, check },
        )
        const versionId = (result ? result.versionId : undefined) ?? version.versionId
        events.push({
          name: 's3:ObjectRemoved:Delete',
          bucket,
          key: version.key,
          ...(versionId === undefined ? {} : { versionId }),
        })
      }),
    )
  }
}

async function listUnder(storage: ObjectLayer, bucket: string, prefix: string): Promise<ObjectInfo[]> {
  if (storage.listObjectVersions) {
    return (await storage.listObjectVersions({ bucket, prefix, maxKeys: PAGE })).versions
  }
  return (await storage.listObjects({ bucket, prefix, maxKeys: PAGE })).objects
}
