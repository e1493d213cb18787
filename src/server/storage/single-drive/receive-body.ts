import { createHash } from 'node:crypto'
import { type FileHandle, open } from 'node:fs/promises'
import { iterateAbortable } from '../common/abortable.js'
import { incompleteBody } from '../common/incomplete-body.js'

/** What was received: the byte count, the MD5 of those bytes, and the bytes when kept in memory. */
export interface ReceivedBody {
  size: number
  md5Hex: string
  /** The whole body, when it fit within `inlineLimit`: then no file was created. */
  inline?: Buffer
}

/** How to receive a body. */
export interface ReceiveBodyOptions {
  /** The declared length: more bytes fail at once, fewer fail at the end, both IncompleteBody. */
  size?: number
  signal?: AbortSignal
  /** fdatasync the file before returning, so a later rename never points at lost bytes. */
  fsync: boolean
  /**
   * Keep a body of at most this many bytes in memory instead of writing `path` (0: always write
   * the file). A body that grows past it spills to the file and carries on streaming.
   */
  inlineLimit?: number
  /** Hash the body (default true); without it `md5Hex` is ''. */
  md5?: boolean
}

/**
 * Bytes gathered before one write(2) of a data file. A socket hands a body over in chunks of
 * ~64 KiB; one awaited write each cost the server more CPU than copying them into this buffer
 * and writing it once (`bench/` erasure-server and sdk-put 1 MiB: see docs/benchmarks.md).
 */
export const WRITE_BATCH_SIZE = 1024 * 1024

/**
 * Streams `body` into a new file at `path` (or memory, see `inlineLimit`), hashing and counting
 * as it goes. Chunks are copied into a buffer of {@link WRITE_BATCH_SIZE} (smaller for a smaller
 * declared size) and written when it fills, so a producer may reuse a chunk once it pulls the
 * next. Memory stays at that buffer plus one chunk past the inline limit: each write is awaited
 * before the next chunk is pulled, which is the backpressure. On failure the file may be left
 * behind; the caller removes it.
 */
export async function receiveBody(
  body: AsyncIterable<Uint8Array>,
  path: string,
  options: ReceiveBodyOptions,
): Promise<ReceivedBody> {
  const limit = options.inlineLimit ?? 0
  const mayInline = limit > 0 && (options.size === undefined || options.size <= limit)
  const held: Uint8Array[] = []
  let file: FileHandle | undefined = mayInline ? undefined : await open(path, 'wx')
  const batch = new WriteBatch(options.size)
  try {
    const hash = options.md5 === false ? undefined : createHash('md5')
    let size = 0
    for await (const chunk of iterateAbortable(body, options.signal)) {
      size += chunk.byteLength
      if (options.size !== undefined && size > options.size) throw incompleteBody(options.size, size)
      hash?.update(chunk)
      if (!file && size <= limit) {
        held.push(chunk)
        continue
      }
      if (!file) {
        file = await open(path, 'wx')
        for (const early of held.splice(0)) await batch.add(file, early)
      }
      await batch.add(file, chunk)
    }
    if (options.size !== undefined && size !== options.size) throw incompleteBody(options.size, size)
    const md5Hex = hash?.digest('hex') ?? ''
    if (!file) return { size, md5Hex, inline: Buffer.concat(held, size) }
    await batch.flush(file)
    if (options.fsync) await file.datasync()
    return { size, md5Hex }
  } finally {
    // A write in flight has finished by now (each is awaited), so the buffer is free.
    batch.release()
    await file?.close()
  }
}

/** Batch buffers of full size kept for the next bodies (more concurrent bodies allocate more). */
const spareBuffers: Buffer[] = []
const MAX_SPARE_BUFFERS = 8

/**
 * Chunks copied into one buffer and written when it fills. The buffer is taken at the first
 * byte (a body that stays inline never needs one), from the spares when full-sized, or sized
 * for the declared length when that is smaller than a batch; `release` hands it back.
 */
class WriteBatch {
  #buffer: Buffer | undefined
  #filled = 0

  constructor(private readonly declared: number | undefined) {}

  #take(): Buffer {
    const size = Math.max(1, Math.min(WRITE_BATCH_SIZE, this.declared ?? WRITE_BATCH_SIZE))
    return (size === WRITE_BATCH_SIZE ? spareBuffers.pop() : undefined) ?? Buffer.allocUnsafeSlow(size)
  }

  /** Gives the buffer back for another body (after the last write, or on failure). */
  release(): void {
    const buffer = this.#buffer
    this.#buffer = undefined
    this.#filled = 0
    if (buffer?.byteLength === WRITE_BATCH_SIZE && spareBuffers.length < MAX_SPARE_BUFFERS)
      spareBuffers.push(buffer)
  }

  async add(file: FileHandle, chunk: Uint8Array): Promise<void> {
    let offset = 0
    while (offset < chunk.byteLength) {
      this.#buffer ??= this.#take()
      const buffer = this.#buffer
      if (this.#filled === 0 && chunk.byteLength - offset >= buffer.byteLength) {
        // A chunk at least a batch long goes out as it is: no copy.
        await writeFully(file, chunk.subarray(offset))
        return
      }
      const n = Math.min(buffer.byteLength - this.#filled, chunk.byteLength - offset)
      buffer.set(chunk.subarray(offset, offset + n), this.#filled)
      this.#filled += n
      offset += n
      if (this.#filled === buffer.byteLength) await this.flush(file)
    }
  }

  async flush(file: FileHandle): Promise<void> {
    if (this.#filled === 0 || !this.#buffer) return
    const filled = this.#filled
    this.#filled = 0
    await writeFully(file, this.#buffer.subarray(0, filled))
  }
}

/** Writes all of `chunk`: a single write(2) may legally write fewer bytes than asked. */
async function writeFully(file: FileHandle, chunk: Uint8Array): Promise<void> {
  let offset = 0
  while (offset < chunk.byteLength) {
    const { bytesWritten } = await file.write(chunk, offset, chunk.byteLength - offset)
    offset += bytesWritten
  }
}
