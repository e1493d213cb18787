import { checkVersionId } from '../common/version-errors.js'
import type { ObjectInfo } from '../object-layer.js'
import { chooseObject, type ErasureContext, onDrives, withCommitLocks } from './context.js'
import { driveVersionIdOf, type EcMeta, encodeMeta, toObjectInfo } from './object-meta.js'
import { writeQuorumError, writeQuorumOf } from './params.js'

/**
 * updateObjectMetadata on the erasure set: under the key's commit lock, the version the drives
 * agree on (the latest, or `versionId`) gets `update`'s headers on every drive holding it, each
 * only while it still holds the metadata read (StorageDrive.updateObjectMeta's `ifMeta`). The
 * new metadata carries the next revision (EcMeta.rev), so a drive that missed the update holds an
 * older revision of the same version: reads take the newest, heal rewrites the others. Fewer than
 * the write quorum taking it is 503 (the drives that took it are put back).
 */
export async function updateObjectMetadata(
  ctx: ErasureContext,
  bucket: string,
  key: string,
  versionId: string | undefined,
  update: (headers: Record<string, string>) => Record<string, string>,
): Promise<ObjectInfo> {
  if (versionId !== undefined) checkVersionId(versionId)
  const what = `update metadata of ${bucket}/${key}`
  return withCommitLocks(ctx, bucket, key, async () => {
    const chosen = await chooseObject(ctx, bucket, key, versionId, 'PUT')
    const headers = update({ ...chosen.meta.headers })
    const meta: EcMeta = { ...chosen.meta, headers, rev: (chosen.meta.rev ?? 0) + 1 }
    const driveVersionId = driveVersionIdOf(meta)
    const writeQuorum = writeQuorumOf(meta)
    const results = await onDrives(
      ctx,
      chosen.holders.map((h) => h.drive),
      (store, drive) => {
        const holder = chosen.holders.find((h) => h.drive === drive)!
        return store.updateObjectMeta({
          bucket,
          key,
          versionId: driveVersionId,
          ifMeta: holder.stored,
          meta: encodeMeta({ ...meta, shard: holder.shard }),
        })
      },
    )
    const done = results.filter((r) => r.ok).map((r) => r.drive)
    if (done.length < writeQuorum) {
      await onDrives(ctx, done, (store, drive) => {
        const holder = chosen.holders.find((h) => h.drive === drive)!
        return store.updateObjectMeta({
          bucket,
          key,
          versionId: driveVersionId,
          ifMeta: encodeMeta({ ...meta, shard: holder.shard }),
          meta: holder.stored,
        })
      })
      throw writeQuorumError(what, done.length, writeQuorum)
    }
    return toObjectInfo(bucket, key, meta, true)
  })
}
