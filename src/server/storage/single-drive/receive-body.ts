import { createHash } from 'node:crypto'
import { type FileHandle, open } from 'node:fs/promises'
import { iterateAbortable } from '../common/abortable.js'
import { incompleteBody } from '../common/incomplete-body.js'
import { isLentShardBody } from '../common/shard-bodies.js'

/**
 * Bytes gathered before a write to the file: each write is a syscall and a round trip through
 * libuv's threadpool, and a body that arrives in a socket's reads (64 KiB, an erasure shard over
 * the storage RPC) made one per read. Small enough that the chunks held (views into the erasure
 * write's blocks, on a local drive) keep about as many blocks alive as the feed's own queue.
 */
const WRITE_BATCH_BYTES = 256 * 1024

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
 * Streams `body` into a new file at `path` (or memory, see `inlineLimit`), hashing and counting
 * as it goes. Chunks are written WRITE_BATCH_BYTES at a time (one writev), each write awaited
 * before the next chunk is pulled, which is the backpressure: memory stays within a batch and
 * one chunk past the inline limit. A batch holds the chunks themselves, not copies, so `body`
 * must not reuse a chunk's memory after yielding it (socket reads, the aws-chunked decoder, the
 * encrypting sealer yield fresh memory); a body that lends its chunks (an erasure write's shard
 * feed, LentShardBody) is told after each write that the chunks taken so far are done with, and
 * reuses their memory. On failure the file may be left behind; the caller removes it.
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
  let batch: Uint8Array[] = []
  let batchBytes = 0
  // Every chunk taken so far is written (or copied): a lending body may reuse their memory.
  const release = isLentShardBody(body) ? () => body.release() : () => {}
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
      file ??= await spill(path, held)
      batch.push(chunk)
      batchBytes += chunk.byteLength
      if (batchBytes >= WRITE_BATCH_BYTES) {
        await writeAll(file, batch)
        batch = []
        batchBytes = 0
        release()
      }
    }
    if (options.size !== undefined && size !== options.size) throw incompleteBody(options.size, size)
    const md5Hex = hash?.digest('hex') ?? ''
    if (!file) {
      const inline = Buffer.concat(held, size)
      release()
      return { size, md5Hex, inline }
    }
    await writeAll(file, batch)
    release()
    if (options.fsync) await file.datasync()
    return { size, md5Hex }
  } finally {
    await file?.close()
  }
}

/** Opens the file and writes what was held in memory so far. */
async function spill(path: string, held: Uint8Array[]): Promise<FileHandle> {
  const file = await open(path, 'wx')
  try {
    await writeAll(file, held.splice(0))
    return file
  } catch (error) {
    await file.close()
    throw error
  }
}

/**
 * Writes all of `chunks`, in order, at the file's position: one writev(2) when it takes them all.
 *
 * @example await writeAll(file, [header, body])
 */
export async function writeAll(
  file: Pick<FileHandle, 'write' | 'writev'>,
  chunks: Uint8Array[],
): Promise<void> {
  if (chunks.length === 0) return
  if (chunks.length === 1) return writeFully(file, chunks[0]!)
  const total = chunks.reduce((sum, chunk) => sum + chunk.byteLength, 0)
  let { bytesWritten } = await file.writev(chunks)
  // A writev may legally write fewer bytes than asked: the rest one chunk at a time.
  for (const chunk of chunks) {
    if (bytesWritten >= total) return
    if (bytesWritten >= chunk.byteLength) {
      bytesWritten -= chunk.byteLength
      continue
    }
    await writeFully(file, chunk.subarray(bytesWritten))
    bytesWritten = 0
  }
}

/** Writes all of `chunk`: a single write(2) may legally write fewer bytes than asked. */
async function writeFully(file: Pick<FileHandle, 'write'>, chunk: Uint8Array): Promise<void> {
  let offset = 0
  while (offset < chunk.byteLength) {
    const { bytesWritten } = await file.write(chunk, offset, chunk.byteLength - offset)
    offset += bytesWritten
  }
}
