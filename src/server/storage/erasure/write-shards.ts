import { createHash } from 'node:crypto'
import { S3ServerError } from '../../errors.js'
import { iterateAbortable } from '../common/abortable.js'
import { BufferPool } from '../common/buffer-pool.js'
import { parseContentMd5 } from '../common/content-md5.js'
import { incompleteBody } from '../common/incomplete-body.js'
import { storageFull } from '../free-space.js'
import type { ShardPlace, ShardRecord, StagedShard, StorageDrive } from '../storage-drive.js'
import type { Bitrot } from './bitrot.js'
import { createReedSolomon } from './codec/index.js'
import { codeOf } from './context.js'
import type { ErasureDrive } from './drive-set.js'
import { shardFileSizeOf, shardSizeOf } from './geometry.js'
import { type Redundancy, summarize, writeQuorumError } from './params.js'
import { ShardBlock } from './shard-block.js'
import { ShardFeed } from './shard-feed.js'

/**
 * Blocks a drive may be behind the producer. Each is one chunk (its shard slot) of a buffer
 * holding every shard of the block: 4 keeps what a write holds as it was when a block was two
 * chunks per drive (hash, shard) of its own buffers and the feeds held 8 chunks.
 */
const FEED_BLOCKS = 4

/**
 * Block buffers kept between erasure writes (ShardBlock). A write holds up to FEED_BLOCKS + 2
 * blocks at a time (queued for the slowest drive, being written, being filled): ~14 MiB with
 * EC 4+4 and 1 MiB blocks. The SDK's 4 parts at a time held up to 24 blocks (48 MiB), and
 * between parts fewer: with room for 16 spares, 15% of the blocks of a 1 GiB upload were
 * allocated anew, with 64 MiB none after the first parts.
 */
const shardWriteBuffers = new BufferPool(64 * 1024 * 1024)

/** One drive taking part in a write, and which shard of each block it gets. */
export interface ShardTarget {
  drive: ErasureDrive
  shard: number
}

/** The bytes to write, as PutObject and UploadPart receive them. */
export interface ErasureWriteInput {
  body: AsyncIterable<Uint8Array>
  size?: number
  contentMd5?: string
  signal?: AbortSignal
  /** Set when the caller hands the ETag in: the body is then not hashed (unless contentMd5 asks). */
  etag?: () => string
}

/** What was received. */
export interface Received {
  size: number
  md5Hex: string
}

/** How to write. */
export interface ErasureWriteOptions {
  redundancy: Redundancy
  blockSize: number
  /** The bitrot hash before each shard block (the object's or upload's, bitrot.ts). */
  bitrot: Bitrot
  writeQuorum: number
  /** For errors: 'PutObject photos/cat.jpg'. */
  what: string
  /** Where each drive's shard file goes: the object's key, or a part of an upload. */
  place: ShardPlace
  /**
   * Runs when enough drives hold all their bytes, just before they commit; what it returns runs
   * once the commits settle (the object's write lock is held in between).
   */
  beforeCommit?: (received: Received) => Promise<() => void>
  /** What each drive records with its shard file at the commit (called after beforeCommit). */
  recordOf: (target: ShardTarget, received: Received) => ShardRecord
  /**
   * Told when a drive failed for a reason other than an S3 answer (an I/O error) or turned out
   * wiped or replaced at the barrier: the set should re-check drive health.
   */
  onDriveFailure?: () => void
}

/** What was written. */
export interface ErasureWriteResult extends Received {
  /** The drives that committed. */
  committed: ErasureDrive[]
}

/** A target and the store it writes through, taken once: a drive re-opened meanwhile is another store. */
interface Bound extends ShardTarget {
  store: StorageDrive | undefined
  /** The room set aside on the store for this write (reserveRoom). */
  reservation?: string
}

/**
 * Streams a body into shard files on `targets`: cuts it into blocks, erasure-codes each block,
 * hashes each shard block (the bitrot hash, options.bitrot) and feeds every drive its shard. Each drive
 * receives and syncs its shard file without committing it (StorageDrive.writeShard): that is the
 * write's barrier. Only when at least `writeQuorum` drives hold their whole file do they commit;
 * content checks (declared size, Content-MD5, abort) failing, or fewer drives getting there (503
 * XSiloWriteQuorum), make every drive discard its file instead, so nothing is stored. Before a
 * byte is read, every drive is asked for room for its shard file: a full drive sits the write out
 * (as an offline one would, heal gives it its shard later), and when too few have room the
 * answer is 507 XSiloStorageFull.
 */
export async function writeShards(
  targets: ShardTarget[],
  input: ErasureWriteInput,
  options: ErasureWriteOptions,
): Promise<ErasureWriteResult> {
  const expectedMd5 = input.contentMd5 === undefined ? undefined : parseContentMd5(input.contentMd5)
  const { data } = options.redundancy
  const shardFile =
    input.size === undefined ? 0 : shardFileSizeOf(input.size, data, options.blockSize, options.bitrot.size)
  const bound = targets.map((t) => ({ ...t, store: t.drive.store }))
  const room = await reserveRoom(bound, shardFile, options)
  try {
    return await streamShards(room.targets, input, options, { expectedMd5, shardFile })
  } finally {
    await room.release()
  }
}

/**
 * Sets aside room for `bytes` on each target's drive. Drives without room drop out; fewer than
 * the write quorum left is 507 XSiloStorageFull (not 503: the drives are there, only full).
 */
async function reserveRoom(
  targets: Bound[],
  bytes: number,
  options: ErasureWriteOptions,
): Promise<{ targets: Bound[]; release: () => Promise<void> }> {
  const answers = await Promise.all(
    targets.map((t) =>
      // A drive gone since the health check has no store: it fails when it is written to.
      (t.store?.reserveSpace(bytes) ?? Promise.resolve(undefined)).then(
        (reservation) => ({ ok: true as const, reservation }),
        (error: unknown) => ({ ok: false as const, error }),
      ),
    ),
  )
  const release = async () => {
    await Promise.all(
      answers.map((answer, i) =>
        answer.ok && answer.reservation !== undefined
          ? targets[i]!.store?.releaseSpace(answer.reservation).catch(() => {})
          : undefined,
      ),
    )
  }
  const roomy = targets.flatMap((t, i) => {
    const answer = answers[i]!
    return answer.ok ? [{ ...t, reservation: answer.reservation }] : []
  })
  if (roomy.length < options.writeQuorum) {
    await release()
    const full = answers.filter((a) => !a.ok).length
    throw storageFullQuorum(options.what, roomy.length, options.writeQuorum, full)
  }
  return { targets: roomy, release }
}

/** 507 XSiloStorageFull: `full` drives had no room and the rest are too few for the quorum. */
function storageFullQuorum(what: string, got: number, needed: number, full: number): S3ServerError {
  return storageFull(
    `${what}: ${full} drives are out of free space, only ${got} have room and ${needed} are needed; nothing was stored. Please delete a few objects to proceed.`,
  )
}

/**
 * Why a write missed its quorum with `got` drives: space when the drives that ran out of it
 * would have made the quorum, else the drives' own S3 answer (NoSuchUpload...), else 503.
 */
function missedQuorum(failures: unknown[], got: number, options: ErasureWriteOptions): unknown {
  const full = failures.filter((f) => codeOf(f) === 'XSiloStorageFull').length
  if (full > 0 && got + full >= options.writeQuorum) {
    return storageFullQuorum(options.what, got, options.writeQuorum, full)
  }
  return (
    failures.find((f) => f instanceof S3ServerError) ??
    writeQuorumError(options.what, got, options.writeQuorum, summarize(failures.map((f) => String(f))))
  )
}

/** `shardFile`: each drive's file size when the body's size is known (0 when not). */
async function streamShards(
  targets: Bound[],
  input: ErasureWriteInput,
  options: ErasureWriteOptions,
  { expectedMd5, shardFile }: { expectedMd5: string | undefined; shardFile: number },
): Promise<ErasureWriteResult> {
  const feeds = targets.map(() => new ShardFeed(FEED_BLOCKS, shardFile))
  const failures: unknown[] = []
  const fail = (i: number, error: unknown) => {
    failures.push(error)
    feeds[i]!.abandon()
    if (!(error instanceof S3ServerError)) options.onDriveFailure?.()
  }
  const writes = targets.map((t, i) =>
    stageShard(t, options.place, feeds[i]!).then(
      (staged): StagedShard | undefined => staged,
      (error) => {
        fail(i, error)
        return undefined
      },
    ),
  )
  let received: Received
  try {
    received = await produce(targets, feeds, input, options)
    if (expectedMd5 !== undefined && expectedMd5 !== received.md5Hex) {
      throw new S3ServerError('BadDigest', undefined, { ExpectedDigest: expectedMd5 })
    }
  } catch (error) {
    for (const feed of feeds) feed.fail(error)
    await discard(targets, await Promise.all(writes))
    throw error
  }
  for (const feed of feeds) feed.end()
  const staged = await reachBarrier(targets, writes, fail)
  const ready = staged.filter(Boolean).length
  if (ready < options.writeQuorum) {
    await discard(targets, staged)
    // Drives that all refused for the same S3 reason (NoSuchUpload, a full disk) explain it best.
    throw missedQuorum(failures, ready, options)
  }
  let release: () => void = () => {}
  try {
    release = (await options.beforeCommit?.(received)) ?? release
  } catch (error) {
    await discard(targets, staged)
    throw error
  }
  try {
    const committed = await commitStaged(targets, staged, (t) => options.recordOf(t, received), fail)
    if (committed.length < options.writeQuorum) {
      const reason = missedQuorum(failures, committed.length, options)
      if (committed.length === 0 || codeOf(reason) === 'XSiloStorageFull') throw reason
      throw writeQuorumError(
        options.what,
        committed.length,
        options.writeQuorum,
        summarize(failures.map((f) => String(f))),
      )
    }
    return { ...received, committed }
  } finally {
    release()
  }
}

/**
 * The barrier: waits until every drive has received (and synced) its file or failed, none having
 * committed. A drive wiped since the last health check would commit into deleted files: it drops
 * out (its file discarded). Returns each target's staged file, undefined for those out.
 */
async function reachBarrier(
  targets: Bound[],
  writes: Promise<StagedShard | undefined>[],
  fail: (i: number, error: unknown) => void,
): Promise<(StagedShard | undefined)[]> {
  const staged = await Promise.all(writes)
  const intact = await Promise.all(targets.map((t, i) => staged[i] !== undefined && t.drive.stillFormatted()))
  const lost = staged.map((shard, i) => (intact[i] ? undefined : shard))
  for (const [i, shard] of lost.entries()) {
    if (shard) fail(i, new Error(`drive ${targets[i]!.drive.endpoint} lost its format.json during the write`))
  }
  await discard(targets, lost)
  return staged.map((shard, i) => (intact[i] ? shard : undefined))
}

/** Every drive holding a staged file commits it with its record; returns the drives that did. */
async function commitStaged(
  targets: Bound[],
  staged: (StagedShard | undefined)[],
  recordOf: (target: ShardTarget) => ShardRecord,
  fail: (i: number, error: unknown) => void,
): Promise<ErasureDrive[]> {
  const outcomes = await Promise.all(
    targets.map(async (t, i) => {
      const shard = staged[i]
      if (!shard) return false
      try {
        await t.store!.commitShard(shard.id, recordOf(t))
        return true
      } catch (error) {
        fail(i, error)
        return false
      }
    }),
  )
  return targets.filter((_, i) => outcomes[i]).map((t) => t.drive)
}

/**
 * Has the target's drive receive its shard file for `place`, uncommitted, into the room reserved
 * for it (the drive does not look at its free space again).
 */
function stageShard(target: Bound, place: ShardPlace, body: ShardFeed): Promise<StagedShard> {
  if (!target.store) return Promise.reject(new Error(`drive ${target.drive.endpoint} went offline`))
  return target.store.writeShard(place, body, target.reservation)
}

/** Every drive discards the shard file it received (the write is not committed anywhere). */
async function discard(targets: Bound[], staged: (StagedShard | undefined)[]): Promise<void> {
  await Promise.all(
    staged.map((shard, i) => (shard ? targets[i]!.store!.discardShard(shard.id).catch(() => {}) : undefined)),
  )
}

async function produce(
  targets: ShardTarget[],
  feeds: ShardFeed[],
  input: ErasureWriteInput,
  options: ErasureWriteOptions,
): Promise<Received> {
  const { data, parity } = options.redundancy
  const { blockSize, bitrot } = options
  const codec = createReedSolomon(data, parity)
  // `md5Hex` is '' when the caller hands the ETag in and no Content-MD5 needs checking.
  const md5 = input.etag === undefined || input.contentMd5 !== undefined ? createHash('md5') : undefined
  // A known size lays each block out for its own length; an unknown one for a full block.
  const planned = (emitted: number) =>
    input.size === undefined ? blockSize : Math.min(blockSize, input.size - emitted)
  const newBlock = (length: number) => new ShardBlock(length, data, parity, bitrot.size, shardWriteBuffers)
  let block = newBlock(planned(0))
  let filled = 0
  let size = 0
  let emitted = 0
  const emit = async (length: number) => {
    // Only the last block of a body of unknown length is shorter than it was laid out for.
    if (block.shardSize !== shardSizeOf(length, data)) block = block.relaidFor(length)
    block.encode(length, codec, bitrot, targets)
    // Each drive gets its slot lent: the buffer is reused once every drive wrote its slot.
    const lease = block.lend()
    const pushed = targets.map((t, i) => feeds[i]!.pushLent(block.slotOf(t.shard), lease))
    lease.drop()
    await Promise.all(pushed)
    emitted += length
    block = newBlock(planned(emitted))
    filled = 0
  }
  for await (const chunk of iterateAbortable(input.body, input.signal)) {
    size += chunk.byteLength
    if (input.size !== undefined && size > input.size) throw incompleteBody(input.size, size)
    md5?.update(chunk)
    let offset = 0
    while (offset < chunk.byteLength) {
      const n = Math.min(chunk.byteLength - offset, blockSize - filled)
      block.write(chunk.subarray(offset, offset + n), filled)
      filled += n
      offset += n
      if (filled === blockSize) await emit(blockSize)
    }
  }
  if (input.size !== undefined && size !== input.size) throw incompleteBody(input.size, size)
  if (filled > 0) await emit(filled)
  return { size, md5Hex: md5?.digest('hex') ?? '' }
}
