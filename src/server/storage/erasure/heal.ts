import type { DriveState, DriveStatus, Healer, HealResultItem, HealStepOptions } from '../heal-types.js'
import type { DriveObject, DriveVersion, StorageDrive } from '../storage-drive.js'
import { bitrotOf } from './bitrot.js'
import {
  type ChosenVersion,
  changingBucket,
  codeOf,
  type DriveResult,
  type ErasureContext,
  groupVersions,
  lockNameOf,
  minimumReadDrives,
  newestFirst,
  onDrives,
  versionsOfKey,
} from './context.js'
import { mostCommon } from './documents.js'
import { listKeysOnAnyDrive } from './drive-pages.js'
import type { ErasureDrive } from './drive-set.js'
import { blocksOf, shardFileSizeOf } from './geometry.js'
import { driveVersionIdOf, type EcMeta, encodeMeta, orderOf, parseMeta, partSizesOf } from './object-meta.js'
import { oneChunk, shardSources } from './objects.js'
import { shardOfDrive } from './params.js'
import { readShardSets } from './read-shards.js'
import { ShardFeed } from './shard-feed.js'
import { ShardReader } from './shard-reader.js'

/** The bucket name heal reports server-wide documents under (MinIO reports `.minio.sys`). */
const SYSTEM_BUCKET = '.silo.sys'

/**
 * The heal steps of an erasure set (MinIO's healFormat, healConfig, healBucket and healObject).
 * Each compares what every drive holds with what the drives agree on, reports every drive's
 * state before and after, and unless it is a dry run rewrites what is missing, stale or corrupt
 * from the healthy drives.
 */
export function createHealer(ctx: ErasureContext): Healer {
  return {
    healFormat: (options) => healFormat(ctx, options),
    healSystemDocuments: (options) => healSystemDocuments(ctx, options),
    listBucketsToHeal: () => listBucketsToHeal(ctx),
    healBucket: (bucket, options) => healBucket(ctx, bucket, options),
    listObjectsToHeal: (bucket, prefix) => listObjectsToHeal(ctx, bucket, prefix),
    healObject: async (bucket, key, options) => (await healVersionsLocked(ctx, bucket, key, options))[0]!,
    healObjectVersions: (bucket, key, options) => healVersionsLocked(ctx, bucket, key, options),
  }
}

/** Heals every version of `bucket/key` holding its lock (no commit to the key meanwhile). */
function healVersionsLocked(
  ctx: ErasureContext,
  bucket: string,
  key: string,
  options: HealStepOptions,
): Promise<HealResultItem[]> {
  return ctx.locks.with(lockNameOf(bucket, key), () => healObjectVersions(ctx, bucket, key, options))
}

function item(
  ctx: ErasureContext,
  fields: Pick<HealResultItem, 'type' | 'bucket' | 'object'> & Partial<HealResultItem>,
  before: DriveStatus[],
  after: DriveStatus[],
): HealResultItem {
  return {
    detail: '',
    dataBlocks: 0,
    parityBlocks: 0,
    diskCount: ctx.set.size,
    setCount: 1,
    objectSize: -1,
    ...fields,
    before: { drives: before },
    after: { drives: after },
  }
}

/** Every drive's status, with `states` overriding the state of usable drives. */
function statusWith(ctx: ErasureContext, states: Map<ErasureDrive, DriveState>): DriveStatus[] {
  return ctx.set.drives.map((d) => ({ ...d.status(), state: states.get(d) ?? d.state }))
}

async function healFormat(ctx: ErasureContext, options: HealStepOptions): Promise<HealResultItem> {
  await ctx.set.refresh()
  const before = ctx.set.status()
  const missing = ctx.set.drives.filter((d) => d.state === 'missing')
  let detail = 'disk-format'
  if (missing.length > 0 && !options.dryRun) {
    const failures: string[] = []
    for (const drive of missing) {
      try {
        await drive.format(ctx.set.formatOf(drive))
      } catch (error) {
        failures.push(`${drive.endpoint}: ${(error as Error).message}`)
      }
    }
    await ctx.set.refresh()
    if (failures.length > 0) detail = `could not format ${failures.join('; ')}`
  }
  return item(ctx, { type: 'metadata', bucket: '', object: '', detail }, before, ctx.set.status())
}

/** A value every usable drive should hold, and what each holds. */
async function healDocument(
  ctx: ErasureContext,
  drives: ErasureDrive[],
  read: (store: StorageDrive) => Promise<string | undefined>,
  write: (store: StorageDrive, value: string | undefined) => Promise<void>,
  options: HealStepOptions,
): Promise<{ before: Map<ErasureDrive, DriveState>; after: Map<ErasureDrive, DriveState> }> {
  const results = await onDrives(ctx, drives, read)
  const agreed = mostCommon(results.flatMap((r) => (r.ok ? [r.value] : [])))
  const before = new Map<ErasureDrive, DriveState>()
  for (const r of results) {
    if (!r.ok) before.set(r.drive, 'offline')
    else if (r.value === agreed) before.set(r.drive, agreed === undefined ? 'missing' : 'ok')
    else before.set(r.drive, r.value === undefined ? 'missing' : 'corrupt')
  }
  const after = new Map(before)
  if (options.dryRun) return { before, after }
  const wrong = results.filter((r) => r.ok && r.value !== agreed).map((r) => r.drive)
  const fixed = await onDrives(ctx, wrong, (store) => write(store, agreed))
  for (const r of fixed) if (r.ok) after.set(r.drive, agreed === undefined ? 'missing' : 'ok')
  return { before, after }
}

async function healSystemDocuments(ctx: ErasureContext, options: HealStepOptions): Promise<HealResultItem[]> {
  const drives = await ctx.set.usable()
  const listed = await onDrives(ctx, drives, (store) => store.listSystemDocuments(''))
  const paths = [...new Set(listed.flatMap((r) => (r.ok ? r.value : [])))].sort()
  const items: HealResultItem[] = []
  for (const path of paths) {
    const { before, after } = await healDocument(
      ctx,
      drives,
      (store) => store.getSystemDocument(path),
      (store, value) => store.putSystemDocument(path, value),
      options,
    )
    items.push(
      item(
        ctx,
        { type: 'bucket-metadata', bucket: SYSTEM_BUCKET, object: path },
        statusWith(ctx, before),
        statusWith(ctx, after),
      ),
    )
  }
  return items
}

async function listBucketsToHeal(ctx: ErasureContext): Promise<string[]> {
  const drives = await ctx.set.usable()
  const results = await onDrives(ctx, drives, (store) => store.listBuckets())
  return [...new Set(results.flatMap((r) => (r.ok ? r.value.map((b) => b.name) : [])))].sort()
}

/** Heals a bucket and its documents (see healBucketOnDrives); what the cache kept of it goes. */
function healBucket(
  ctx: ErasureContext,
  bucket: string,
  options: HealStepOptions,
): Promise<HealResultItem[]> {
  return changingBucket(ctx, bucket, () => healBucketOnDrives(ctx, bucket, options))
}

async function healBucketOnDrives(
  ctx: ErasureContext,
  bucket: string,
  options: HealStepOptions,
): Promise<HealResultItem[]> {
  const drives = await ctx.set.usable()
  const results = await onDrives(ctx, drives, (store) => store.getBucket(bucket))
  const before = new Map<ErasureDrive, DriveState>()
  for (const r of results) {
    before.set(r.drive, r.ok ? 'ok' : codeOf(r.error) === 'NoSuchBucket' ? 'missing' : 'offline')
  }
  const present = results.flatMap((r) => (r.ok ? [r] : []))
  const after = new Map(before)
  const items: HealResultItem[] = []
  let detail = ''
  if (present.length >= minimumReadDrives(ctx)) {
    if (!options.dryRun) {
      const region = present[0]!.value.region
      const lacking = results.filter((r) => before.get(r.drive) === 'missing').map((r) => r.drive)
      const created = await onDrives(ctx, lacking, (store) => store.createBucket(bucket, region))
      for (const r of created)
        if (r.ok || codeOf(r.error) === 'BucketAlreadyOwnedByYou') after.set(r.drive, 'ok')
    }
  } else if (present.length > 0) {
    // On fewer than half the drives: the leftover of a create that failed, or of a delete.
    if (drives.length === ctx.set.size) {
      detail = options.dryRun ? 'dangling bucket (would be removed)' : 'dangling bucket removed'
      if (!options.dryRun) {
        for (const r of present) {
          const removed = await onDrives(ctx, [r.drive], async (store) => {
            const page = await store.listObjects({ bucket, maxKeys: 1 })
            if (page.objects.length > 0) throw new Error('the drive still holds objects in it')
            await store.deleteBucket(bucket)
          })
          if (removed[0]?.ok) after.set(r.drive, 'missing')
        }
      }
    } else {
      detail = 'too few drives hold the bucket to heal it while drives are offline'
    }
  }
  items.push(
    item(
      ctx,
      { type: 'bucket', bucket, object: '', detail },
      statusWith(ctx, before),
      statusWith(ctx, after),
    ),
  )
  if (present.length < minimumReadDrives(ctx)) return items
  const holding = [...after].filter(([, state]) => state === 'ok').map(([d]) => d)
  const names = await onDrives(ctx, holding, (store) => store.listBucketDocuments(bucket))
  for (const name of [...new Set(names.flatMap((r) => (r.ok ? r.value : [])))].sort()) {
    const healed = await healDocument(
      ctx,
      holding,
      (store) => store.getBucketDocument(bucket, name),
      (store, value) => store.putBucketDocument(bucket, name, value),
      options,
    )
    items.push(
      item(
        ctx,
        { type: 'bucket-metadata', bucket, object: name },
        statusWith(ctx, healed.before),
        statusWith(ctx, healed.after),
      ),
    )
  }
  return items
}

async function* listObjectsToHeal(
  ctx: ErasureContext,
  bucket: string,
  prefix: string,
): AsyncGenerator<string> {
  const drives = await ctx.set.usable()
  yield* listKeysOnAnyDrive(ctx, drives, bucket, prefix)
}

/**
 * Heals one object, every version and delete marker of it: each drive lists what it holds of the
 * key, the records are grouped by write; each version at least `data` drives hold is healed on
 * its own (healVersion), newest first, one item each. Versions no write of which has read quorum
 * are dangling (writes that never reached quorum): with every drive online they are removed from
 * the drives holding them, first, so a drive's stale null version makes room for the agreed one.
 * A key with no agreed version at all is one dangling item, as before versioning.
 */
async function healObjectVersions(
  ctx: ErasureContext,
  bucket: string,
  key: string,
  options: HealStepOptions,
): Promise<HealResultItem[]> {
  const drives = await ctx.set.usable()
  const listed = await recordsOnDrives(ctx, drives, bucket, key)
  const records = listed.flatMap((r): DriveResult<DriveObject>[] =>
    r.ok ? r.value.map((value) => ({ drive: r.drive, ok: true, value })) : [],
  )
  const groups = groupVersions(records)
  const agreed = groups.filter((g) => g.holders.length >= g.meta.data).sort(newestFirst)
  const dangling = groups.filter((g) => g.holders.length < g.meta.data)
  if (agreed.length === 0) return [await healDangling(ctx, bucket, key, listed, dangling, drives, options)]
  const everyDrive = drives.length === ctx.set.size && listed.every((r) => r.ok)
  if (dangling.length > 0 && everyDrive && !options.dryRun) {
    for (const version of dangling) {
      await onDrives(
        ctx,
        version.holders.map((h) => h.drive),
        (store) => store.deleteObject(bucket, key, version.meta.version?.id),
      )
    }
  }
  // A key the drives keep versions of: a write made before versioning heals as its null version.
  const versioned = groups.some((g) => g.meta.version !== undefined)
  const items: HealResultItem[] = []
  for (const version of agreed) {
    items.push(await healVersion(ctx, bucket, key, version, listed, versioned, options))
  }
  return items
}

/**
 * What each drive holds of `bucket/key`: its latest record when no drive's latest is a version
 * (a key written without versioning has only that one, and heals as before versioning), else
 * every version and delete marker it lists.
 */
async function recordsOnDrives(
  ctx: ErasureContext,
  drives: ErasureDrive[],
  bucket: string,
  key: string,
): Promise<DriveResult<DriveObject[]>[]> {
  const latest = await onDrives(ctx, drives, (store) => store.readObject(bucket, key))
  const versioned = latest.some((r) => r.ok && parseMeta(r.value.meta)?.version !== undefined)
  if (versioned) return onDrives(ctx, drives, (store) => versionsOfKey(store, bucket, key))
  return latest.map((r): DriveResult<DriveObject[]> => {
    if (r.ok) return { drive: r.drive, ok: true, value: [r.value] }
    return codeOf(r.error) === 'NoSuchKey' ? { drive: r.drive, ok: true, value: [] } : r
  })
}

/**
 * Heals one version: reads every holder's whole shard file to verify each block's hash, and
 * rebuilds the shard of every usable drive that lacks the version or failed verification (a
 * delete marker: writes the marker on drives that lack it). Holders of an older revision of its
 * metadata get the current one.
 */
async function healVersion(
  ctx: ErasureContext,
  bucket: string,
  key: string,
  chosen: ChosenVersion,
  listed: DriveResult<DriveObject[]>[],
  versioned: boolean,
  options: HealStepOptions,
): Promise<HealResultItem> {
  const { meta } = chosen
  const before = new Map<ErasureDrive, DriveState>()
  for (const r of listed) before.set(r.drive, r.ok || codeOf(r.error) === 'NoSuchKey' ? 'missing' : 'offline')
  const verified: Verified = meta.marker
    ? { states: new Map(chosen.holders.map((h) => [h.drive, 'ok' as DriveState])), files: new Map() }
    : await verifyHolders(ctx, chosen, bucket, key)
  for (const [drive, state] of verified.states) before.set(drive, state)
  const after = new Map(before)
  const fields = {
    type: 'object' as const,
    bucket,
    object: key,
    dataBlocks: meta.data,
    parityBlocks: meta.parity,
    objectSize: meta.size,
    ...(meta.version ? { versionId: meta.version.id } : {}),
  }
  const healthy = [...verified.states].filter(([, state]) => state === 'ok').map(([d]) => d)
  if (healthy.length < meta.data) {
    const detail = `only ${healthy.length} drives hold intact shards and ${meta.data} are needed: cannot heal`
    return item(ctx, { ...fields, detail }, statusWith(ctx, before), statusWith(ctx, after))
  }
  // Drives that missed a metadata update (updateObjectMetadata): intact shards, outdated metadata.
  const stale = chosen.holders.filter(
    (h) => healthy.includes(h.drive) && (parseMeta(h.stored)?.rev ?? 0) !== (meta.rev ?? 0),
  )
  const targets = listed.map((r) => r.drive).filter((d) => before.get(d) !== 'ok')
  for (const h of stale) {
    before.set(h.drive, 'corrupt')
    after.set(h.drive, 'corrupt')
  }
  if (options.dryRun) return item(ctx, fields, statusWith(ctx, before), statusWith(ctx, after))
  if (targets.length > 0 && meta.marker && meta.version) {
    const version = meta.version
    const written = await onDrives(ctx, targets, (store, drive) =>
      store.putDeleteMarker({
        bucket,
        key,
        version,
        modified: meta.mtime,
        meta: encodeMeta({ ...meta, shard: shardOfDrive(drive.index, meta.dist, ctx.set.size) }),
      }),
    )
    for (const r of written) if (r.ok) after.set(r.drive, 'ok')
  } else if (targets.length > 0) {
    const version = meta.version ?? (versioned ? { id: 'null', order: orderOf(meta) } : undefined)
    const healthySet = new Set(healthy)
    const sources = { ...chosen, holders: chosen.holders.filter((h) => healthySet.has(h.drive)) }
    const rebuilt = await rebuildShards(ctx, sources, bucket, key, targets, version, verified.files)
    for (const drive of rebuilt) after.set(drive, 'ok')
  }
  // They get the current metadata (their shards stay).
  const updated = await onDrives(
    ctx,
    stale.map((h) => h.drive),
    (store, drive) => {
      const holder = stale.find((h) => h.drive === drive)!
      return store.updateObjectMeta({
        bucket,
        key,
        versionId: driveVersionIdOf(meta),
        ifMeta: holder.stored,
        meta: encodeMeta({ ...meta, shard: holder.shard }),
      })
    },
  )
  for (const r of updated) if (r.ok) after.set(r.drive, 'ok')
  return item(ctx, fields, statusWith(ctx, before), statusWith(ctx, after))
}

/**
 * Shard files of at most this many bytes are kept in memory by verifyHolders for the rebuild,
 * which then reads no drive again: a heal of many small objects read each healthy shard twice
 * (issue 18). At most HEAL_OBJECT_CONCURRENCY objects × drives such files are held at once.
 */
const KEEP_VERIFIED_LIMIT = 256 * 1024

/** What verifyHolders found. */
interface Verified {
  /** Each holder: `ok` or `corrupt`. */
  states: Map<ErasureDrive, DriveState>
  /** The whole shard file of intact holders, when small (KEEP_VERIFIED_LIMIT). */
  files: Map<ErasureDrive, Buffer>
}

/** Reads every holder's shard file whole and checks each block's hash: `ok` or `corrupt`. */
async function verifyHolders(
  ctx: ErasureContext,
  chosen: ChosenVersion,
  bucket: string,
  key: string,
): Promise<Verified> {
  const { meta } = chosen
  const bitrot = bitrotOf(meta)
  const spans = blocksOf(partSizesOf(meta), meta.data, meta.blockSize, bitrot.size)
  const total = partSizesOf(meta).reduce(
    (sum, size) => sum + shardFileSizeOf(size, meta.data, meta.blockSize, bitrot.size),
    0,
  )
  const sources = shardSources(ctx, chosen, bucket, key)
  const states = new Map<ErasureDrive, DriveState>()
  const files = new Map<ErasureDrive, Buffer>()
  const verify = (block: Buffer) => {
    if (!bitrot.verify(block.subarray(0, bitrot.size), block.subarray(bitrot.size))) throw new Error('bitrot')
  }
  await Promise.all(
    chosen.holders.map(async (holder, i) => {
      if (total === 0) {
        states.set(holder.drive, 'ok')
        return
      }
      let reader: ShardReader | undefined
      try {
        const body = await sources[i]!.open(0, total - 1)
        if (!body) throw new Error('version changed')
        reader = new ShardReader(body)
        if (total <= KEEP_VERIFIED_LIMIT) {
          // The spans follow one another from the file's start: verify slices of it whole.
          const file = await reader.read(total)
          for (const span of spans) {
            verify(file.subarray(span.shardOffset, span.shardOffset + span.hashSize + span.shardSize))
          }
          files.set(holder.drive, file)
        } else {
          for (const span of spans) verify(await reader.read(span.hashSize + span.shardSize))
        }
        states.set(holder.drive, 'ok')
      } catch {
        states.set(holder.drive, 'corrupt')
      } finally {
        reader?.close()
      }
    }),
  )
  return { states, files }
}

/**
 * Rebuilds the shards `targets` should hold from the healthy holders, block by block, and stores
 * each as the drive's record of the object (replacing whatever the drive held). Returns the
 * drives that took their shard.
 */
async function rebuildShards(
  ctx: ErasureContext,
  chosen: ChosenVersion,
  bucket: string,
  key: string,
  targets: ErasureDrive[],
  version: DriveVersion | undefined,
  verifiedFiles: Map<ErasureDrive, Buffer>,
): Promise<ErasureDrive[]> {
  const { meta } = chosen
  const n = ctx.set.size
  const feeds = targets.map(() => new ShardFeed())
  const shardOf = (drive: ErasureDrive) => shardOfDrive(drive.index, meta.dist, n)
  const stores = targets.map((drive) => drive.store)
  const writes = targets.map((drive, i) =>
    (
      stores[i]?.writeShard({ bucket, key }, feeds[i]!) ??
      Promise.reject(new Error(`${drive.endpoint} went offline`))
    ).then(
      (staged) => staged,
      () => {
        // A drive that cannot take its shard must not hold up the others.
        feeds[i]!.abandon()
        return undefined
      },
    ),
  )
  try {
    // The rebuilt shards carry the hash the object was written with, as its other shards do.
    const bitrot = bitrotOf(meta)
    const spans = blocksOf(partSizesOf(meta), meta.data, meta.blockSize, bitrot.size)
    // Shard files verifyHolders kept are read from memory, not from the drives again.
    const sources = shardSources(ctx, chosen, bucket, key).map((source, i) => {
      const file = verifiedFiles.get(chosen.holders[i]!.drive)
      if (!file) return source
      return {
        ...source,
        open: async (start: number, end: number) => oneChunk(file.subarray(start, end + 1)),
      }
    })
    const sets = readShardSets({ sources, spans, redundancy: meta, bitrot, what: `${bucket}/${key}` }, 'all')
    for await (const { shards } of sets) {
      await Promise.all(
        targets.map((drive, i) => {
          const shard = shards[shardOf(drive)]!
          const hash = Buffer.allocUnsafe(bitrot.size)
          bitrot.hashInto(shard, hash)
          return feeds[i]!.push(hash, shard)
        }),
      )
    }
  } catch (error) {
    for (const feed of feeds) feed.fail(error)
    const staged = await Promise.all(writes)
    await Promise.all(staged.map((s, i) => (s ? stores[i]!.discardShard(s.id).catch(() => {}) : undefined)))
    return []
  }
  for (const feed of feeds) feed.end()
  const staged = await Promise.all(writes)
  const outcomes = await Promise.all(
    targets.map((drive, i) =>
      staged[i]
        ? stores[i]!.commitShard(staged[i]!.id, {
            etag: meta.etag,
            meta: encodeMeta({ ...meta, shard: shardOf(drive) } satisfies EcMeta),
            ...(version ? { version } : {}),
          }).then(
            () => true,
            () => false,
          )
        : false,
    ),
  )
  return targets.filter((_, i) => outcomes[i])
}

/** An object no version of which has read quorum: removed when every drive is online, else left alone. */
async function healDangling(
  ctx: ErasureContext,
  bucket: string,
  key: string,
  listed: DriveResult<DriveObject[]>[],
  versions: ChosenVersion[],
  drives: ErasureDrive[],
  options: HealStepOptions,
): Promise<HealResultItem> {
  const before = new Map<ErasureDrive, DriveState>()
  for (const r of listed) {
    const held = r.ok && r.value.length > 0
    before.set(r.drive, held ? 'corrupt' : r.ok || codeOf(r.error) === 'NoSuchKey' ? 'missing' : 'offline')
  }
  const after = new Map(before)
  const fields = {
    type: 'object' as const,
    bucket,
    object: key,
    dataBlocks: versions[0]?.meta.data ?? 0,
    parityBlocks: versions[0]?.meta.parity ?? 0,
  }
  if (versions.length === 0) return item(ctx, fields, statusWith(ctx, before), statusWith(ctx, after))
  if (drives.length < ctx.set.size) {
    const detail = 'too few drives agree on this object to heal it while drives are offline'
    return item(ctx, { ...fields, detail }, statusWith(ctx, before), statusWith(ctx, after))
  }
  const detail = options.dryRun ? 'dangling object (would be removed)' : 'dangling object removed'
  if (!options.dryRun) {
    const failed = new Set<ErasureDrive>()
    for (const version of versions) {
      const removed = await onDrives(
        ctx,
        version.holders.map((h) => h.drive),
        (store) => store.deleteObject(bucket, key, version.meta.version?.id),
      )
      for (const r of removed) if (!r.ok) failed.add(r.drive)
    }
    for (const r of listed)
      if (r.ok && r.value.length > 0 && !failed.has(r.drive)) after.set(r.drive, 'missing')
  }
  return item(ctx, { ...fields, detail }, statusWith(ctx, before), statusWith(ctx, after))
}
