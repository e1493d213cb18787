import { Readable } from 'node:stream'
import type { BufferPool } from '../common/buffer-pool.js'
import { canReadInto } from '../common/shard-bodies.js'
import type { ReadsInto } from '../storage-drive.js'

/**
 * How many bytes a Readable source may have delivered ahead of the reads before it is paused: a
 * few shard blocks (128 KiB each with EC 8+8 and 1 MiB blocks), so the next block is there when
 * the read-ahead asks for it.
 */
const AHEAD_BYTES = 512 * 1024

/** One shard block as read: its hash, its bytes (see readParts) and the pooled buffer holding both. */
export interface ShardBlockRead {
  hash: Buffer
  shard: Buffer[]
  /** The buffer taken from the reader's pool for this block, to give back once it is written. */
  lease?: Buffer
}

/**
 * Reads exact byte counts from a drive's shard stream: one shard block (hash + shard) at a time.
 * A short stream or a stream error makes `read` reject; the caller then treats the drive's
 * shard as lost and reads another drive instead.
 *
 * A source that reads into the caller's memory (a local drive's file, ReadsInto) is read one
 * shard block per read, into a buffer of the reader's pool (readBlock): each fresh 1 MiB chunk
 * of a file read as a stream was external memory V8 collected with a full mark-compact every
 * few tens of MiB, ~40 per GiB read (issue 18).
 *
 * A Readable (a local file, a storage RPC answer) is taken chunk by chunk as it emits them,
 * paused while AHEAD_BYTES are held: its async iterator (`read()`) joins every chunk buffered
 * since the last read into a new buffer, which over the storage RPC (64 KiB socket reads, 6
 * remote shards read in turn) copied much of what the remote drives sent once more, and made
 * a promise per chunk.
 */
export class ShardReader {
  #iterator: AsyncIterator<Uint8Array> | undefined
  #source: Readable | undefined
  #into: ReadsInto | undefined
  #held: Buffer[] = []
  #heldBytes = 0
  #ended = false
  #failure: Error | undefined
  #wake: (() => void) | undefined

  /** `pool`: where readBlock takes its buffers (else each is allocated). */
  constructor(
    source: Readable | AsyncIterable<Uint8Array>,
    private readonly pool?: BufferPool,
  ) {
    if (source instanceof Readable) {
      this.#source = source
      if (canReadInto(source)) this.#into = source
      else this.#follow(source)
    } else {
      this.#iterator = source[Symbol.asyncIterator]()
    }
  }

  /**
   * The next shard block: `hashSize` bytes of hash then `shardSize` of shard; a rejection when
   * the stream ends first. From a ReadsInto source, one buffer (the lease) holds both.
   */
  async readBlock(hashSize: number, shardSize: number): Promise<ShardBlockRead> {
    if (!this.#into) return { hash: await this.read(hashSize), shard: await this.readParts(shardSize) }
    const size = hashSize + shardSize
    const lease = this.pool?.take(size) ?? Buffer.allocUnsafeSlow(size)
    let filled = 0
    while (filled < size) {
      const n = await this.#into.readInto(lease.subarray(filled))
      if (n === 0) throw new Error(`shard stream ended ${size - filled} bytes short`)
      filled += n
    }
    return { hash: lease.subarray(0, hashSize), shard: [lease.subarray(hashSize)], lease }
  }

  /**
   * Exactly `length` bytes, or a rejection when the stream ends first. A view of the stream's
   * chunk when they lie in one; else a copy of just those bytes (not of the chunks they span: a
   * drive reads 1 MiB at a time, and copying the whole chunk each time a block straddles two
   * copied every byte of a GET once more).
   */
  async read(length: number): Promise<Buffer> {
    const parts = await this.readParts(length)
    return parts.length === 1 ? parts[0]! : Buffer.concat(parts, length)
  }

  /**
   * Exactly `length` bytes as views of the stream's chunks, in order, none copied (one view when
   * they lie in one chunk); a rejection when the stream ends first. A shard read over the storage
   * RPC arrives in the socket's reads (64 KiB), so a shard block spans several: copying them
   * into one buffer cost a GET an allocation and a copy of every byte a remote drive sent.
   */
  async readParts(length: number): Promise<Buffer[]> {
    if (length === 0) return []
    while (this.#heldBytes < length) await this.#more(length)
    this.#heldBytes -= length
    const parts: Buffer[] = []
    let at = 0
    while (at < length) {
      const part = this.#take(this.#held[0]!, length - at)
      parts.push(part)
      at += part.length
    }
    // (A ReadsInto source is never followed: resuming it would make it flow into nowhere.)
    if (!this.#into && this.#source?.isPaused() && this.#heldBytes < AHEAD_BYTES && !this.#ended) {
      this.#source.resume()
    }
    return parts
  }

  /** Stops reading and releases the drive's file. */
  close(): void {
    this.#source?.destroy()
    this.#iterator?.return?.().catch(() => {})
  }

  /** Waits for more bytes; rejects when the stream ended or failed first. */
  async #more(length: number): Promise<void> {
    const short = () => new Error(`shard stream ended ${length - this.#heldBytes} bytes short`)
    if (this.#into) {
      const chunk = Buffer.allocUnsafe(length - this.#heldBytes)
      const n = await this.#into.readInto(chunk)
      if (n === 0) throw short()
      this.#hold(chunk.subarray(0, n))
      return
    }
    if (this.#iterator) {
      const step = await this.#iterator.next()
      if (step.done) throw short()
      this.#hold(step.value)
      return
    }
    if (this.#failure) throw this.#failure
    if (this.#ended) throw short()
    this.#source!.resume()
    await new Promise<void>((resolve) => {
      this.#wake = resolve
    })
  }

  /** Takes the Readable's chunks as it emits them, pausing it while enough are held. */
  #follow(source: Readable): void {
    const wake = () => {
      const resolve = this.#wake
      this.#wake = undefined
      resolve?.()
    }
    source.on('data', (chunk: Uint8Array) => {
      this.#hold(chunk)
      if (this.#heldBytes >= AHEAD_BYTES) source.pause()
      wake()
    })
    source.on('end', () => {
      this.#ended = true
      wake()
    })
    source.on('error', (error: Error) => {
      this.#failure ??= error
      wake()
    })
    source.on('close', () => {
      // Closed without 'end' (destroyed, a connection that broke off): no more bytes will come.
      this.#ended = true
      wake()
    })
    source.pause()
  }

  #hold(chunk: Uint8Array): void {
    const view = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength)
    this.#held.push(view)
    this.#heldBytes += view.length
  }

  /** Up to `length` bytes from the head of `chunk` (the first held), which keeps the rest. */
  #take(chunk: Buffer, length: number): Buffer {
    if (chunk.length <= length) {
      this.#held.shift()
      return chunk
    }
    this.#held[0] = chunk.subarray(length)
    return chunk.subarray(0, length)
  }
}
