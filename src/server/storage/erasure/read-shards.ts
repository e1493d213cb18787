import type { Readable } from 'node:stream'
import type { BufferPool } from '../common/buffer-pool.js'
import type { Bitrot } from './bitrot.js'
import { createReedSolomon } from './codec/index.js'
import type { BlockSpan } from './geometry.js'
import { type Redundancy, readQuorumError } from './params.js'
import { type ShardBlockRead, ShardReader } from './shard-reader.js'

/** Where one shard of an object can be read from. */
export interface ShardSource {
  shard: number
  /**
   * Opens bytes `[start, end]` (inclusive) of the drive's shard file of the object being read;
   * undefined (or a rejection) when the drive no longer holds that version.
   */
  open(start: number, end: number): Promise<Readable | AsyncIterable<Uint8Array> | undefined>
  /** Told when the shard turned out unreadable or corrupt (the drive is then suspect). */
  onFailure?(reason: string): void
}

/** What a read of an object's shards needs: where each shard lies, which blocks, and how to check them. */
export interface ShardRead {
  sources: ShardSource[]
  spans: readonly BlockSpan[]
  redundancy: Redundancy
  bitrot: Bitrot
  /** Names the object in errors (`bucket/key`). */
  what: string
}

/** A shard being read: its reader, or why it cannot be. */
interface ActiveShard {
  source: ShardSource
  reader?: ShardReader
  failed: boolean
}

/** One block's bytes as read: views of the shards' buffers, and the pooled buffers behind them. */
export interface BlockBytes {
  /** The span's bytes (`[from, to)` of the block), in order, as views (never copied). */
  views: Buffer[]
  /**
   * The buffers this block's shards were read into from the pool: the consumer may give them
   * back once nothing refers to the views any more (else they are simply collected).
   */
  leases: Buffer[]
}

/**
 * Reads the blocks `spans` of an object and yields their bytes block by block, reading block k+1
 * while block k is consumed. Reads the data shards first, so a healthy object needs no decoding;
 * a shard that is missing, short or fails its bitrot hash is dropped for the rest of the read and
 * replaced by a parity shard, and the lost data shards are rebuilt. Fewer than `data` good shards
 * for a block is 503 XSiloReadQuorum. Shards read from a source that reads into the caller's
 * memory (ReadsInto) go into buffers of `pool`.
 */
export async function* readBlocks(read: ShardRead, pool?: BufferPool): AsyncGenerator<BlockBytes> {
  const sets = readPieceSets(read, 'data', pool)
  for await (const { span, shards, leases } of readAhead(sets)) {
    yield { views: [...sliceBlock(shards, span)], leases }
  }
}

/**
 * Yields what `source` yields, asking for the next value as soon as the current one is handed
 * out: the drives read block k+1 while block k goes to the client.
 */
async function* readAhead<T>(source: AsyncGenerator<T>): AsyncGenerator<T> {
  let pending = source.next()
  // A read-ahead the consumer never waits for (it stopped early) must not be an unhandled rejection.
  pending.catch(() => {})
  try {
    while (true) {
      const step = await pending
      if (step.done) return
      pending = source.next()
      pending.catch(() => {})
      yield step.value
    }
  } finally {
    // Let the read in flight settle, then close the drives' streams.
    await pending.catch(() => {})
    await source.return(undefined)
  }
}

/** One block's shards after reading and rebuilding. */
export interface ShardSet {
  span: BlockSpan
  /** Data shards always; with mode 'all', every shard (lost ones rebuilt). */
  shards: (Uint8Array | undefined)[]
}

/**
 * A shard as read: views of the drive stream's chunks, in order (one when it lay in one chunk,
 * or once rebuilt), not copied into one buffer.
 */
type ShardParts = Buffer[]

/** One block's shards as parts (see ShardParts). */
interface PartSet {
  span: BlockSpan
  shards: (ShardParts | undefined)[]
  /** The pooled buffers the shards were read into (BlockBytes.leases). */
  leases: Buffer[]
}

/**
 * Reads `data` good shards of each block (data shards preferred, bad ones replaced from the
 * other sources for the rest of the read) and rebuilds the lost data shards, or with mode 'all'
 * every lost shard (what heal writes back).
 */
export async function* readShardSets(read: ShardRead, mode: 'data' | 'all'): AsyncGenerator<ShardSet> {
  for await (const { span, shards } of readPieceSets(read, mode)) {
    yield { span, shards: shards.map((parts) => parts && wholeOf(parts)) }
  }
}

/** readShardSets, each shard as the parts it was read in. */
async function* readPieceSets(
  { sources, spans, redundancy, bitrot, what }: ShardRead,
  mode: 'data' | 'all',
  pool?: BufferPool,
): AsyncGenerator<PartSet> {
  if (spans.length === 0) return
  const { data, parity } = redundancy
  const codec = createReedSolomon(data, parity)
  const last = spans.at(-1)!
  const end = last.shardOffset + last.hashSize + last.shardSize - 1
  const byShard = [...sources].sort((a, b) => a.shard - b.shard)
  const active: ActiveShard[] = []
  let next = 0
  try {
    for (const span of spans) {
      const shards: (ShardParts | undefined)[] = new Array(data + parity).fill(undefined)
      const leases: Buffer[] = []
      let good = 0
      // Keep `data` shards in play: top up from the next sources (data shards come first).
      while (true) {
        const live = active.filter((a) => !a.failed)
        const fresh: ActiveShard[] = []
        while (live.length + fresh.length < data && next < byShard.length) {
          fresh.push({ source: byShard[next++]!, failed: false })
        }
        active.push(...fresh)
        const reading = [...live, ...fresh].filter((a) => shards[a.source.shard] === undefined)
        if (reading.length === 0) break
        await Promise.all(
          reading.map(async (a) => {
            const read = await readShardBlock(a, span, end, bitrot, pool)
            if (read) {
              shards[a.source.shard] = read.shard
              if (read.lease) leases.push(read.lease)
              good++
            }
          }),
        )
        if (good >= data || next >= byShard.length) break
      }
      if (good < data) throw readQuorumError(what, good, data)
      const lost =
        mode === 'all'
          ? shards.some((s) => s === undefined)
          : shards.slice(0, data).some((s) => s === undefined)
      if (lost) {
        // The codec works on whole shards: join the parts of those read (only when rebuilding).
        const whole: (Uint8Array | undefined)[] = shards.map((parts) => parts && wholeOf(parts))
        codec.reconstruct(whole, { dataOnly: mode === 'data' })
        for (const [i, shard] of whole.entries()) {
          if (shard && !shards[i]) shards[i] = [Buffer.from(shard.buffer, shard.byteOffset, shard.byteLength)]
        }
      }
      yield { span, shards, leases }
    }
  } finally {
    for (const a of active) a.reader?.close()
  }
}

/** A shard's parts as one buffer: the part itself when there is one, else a copy. */
function wholeOf(parts: ShardParts): Buffer {
  return parts.length === 1 ? parts[0]! : Buffer.concat(parts)
}

/** Reads and verifies one shard block; undefined (and the shard marked failed) when it is bad. */
async function readShardBlock(
  a: ActiveShard,
  span: BlockSpan,
  end: number,
  bitrot: Bitrot,
  pool: BufferPool | undefined,
): Promise<ShardBlockRead | undefined> {
  if (a.failed) return undefined
  try {
    if (!a.reader) {
      const body = await a.source.open(span.shardOffset, end)
      if (!body) throw new Error('the drive does not hold this version of the object')
      a.reader = new ShardReader(body, pool)
    }
    const read = await a.reader.readBlock(span.hashSize, span.shardSize)
    if (!bitrot.verify(read.hash, read.shard))
      throw new Error('bitrot: the shard block does not match its hash')
    return read
  } catch (error) {
    a.failed = true
    a.reader?.close()
    a.source.onFailure?.((error as Error).message)
    return undefined
  }
}

/** The span's bytes from the data shards' parts, as views of them (never copied). */
function* sliceBlock(shards: (ShardParts | undefined)[], span: BlockSpan): Generator<Buffer> {
  const size = span.shardSize
  for (let j = 0; size > 0 && j * size < span.to; j++) {
    const start = Math.max(span.from, j * size)
    const stop = Math.min(span.to, (j + 1) * size)
    if (stop <= start) continue
    // Walk shard j's parts, yielding what of each lies in [start, stop) of the block.
    let at = j * size
    for (const part of shards[j]!) {
      const from = Math.max(start, at)
      const to = Math.min(stop, at + part.length)
      if (to > from) yield part.subarray(from - at, to - at)
      at += part.length
      if (at >= stop) break
    }
  }
}
