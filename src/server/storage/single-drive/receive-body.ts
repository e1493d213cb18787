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
 * Streams `body` into a new file at `path` (or memory, see `inlineLimit`), hashing and counting
 * as it goes. Memory stays at one chunk past the inline limit: each write is awaited before the
 * next chunk is pulled, which is the backpressure. On failure the file may be left behind; the
 * caller removes it.
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
      await writeFully(file, chunk)
    }
    if (options.size !== undefined && size !== options.size) throw incompleteBody(options.size, size)
    const md5Hex = hash?.digest('hex') ?? ''
    if (!file) return { size, md5Hex, inline: Buffer.concat(held, size) }
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
    for (const chunk of held.splice(0)) await writeFully(file, chunk)
    return file
  } catch (error) {
    await file.close()
    throw error
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
