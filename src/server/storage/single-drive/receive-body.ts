import { createHash } from 'node:crypto'
import { type FileHandle, open } from 'node:fs/promises'
import { S3ServerError } from '../../errors.js'
import { iterateAbortable } from './abortable.js'

/** What was received: the byte count and the MD5 of those bytes. */
export interface ReceivedBody {
  size: number
  md5Hex: string
}

/** How to receive a body. */
export interface ReceiveBodyOptions {
  /** The declared length: more bytes fail at once, fewer fail at the end, both IncompleteBody. */
  size?: number
  signal?: AbortSignal
  /** fdatasync the file before returning, so a later rename never points at lost bytes. */
  fsync: boolean
}

/**
 * Streams `body` into a new file at `path`, hashing and counting as it goes. Memory stays at one
 * chunk: each write is awaited before the next chunk is pulled, which is the backpressure.
 * On failure the file may be left behind; the caller removes it.
 */
export async function receiveBody(
  body: AsyncIterable<Uint8Array>,
  path: string,
  options: ReceiveBodyOptions,
): Promise<ReceivedBody> {
  const file = await open(path, 'wx')
  try {
    const hash = createHash('md5')
    let size = 0
    for await (const chunk of iterateAbortable(body, options.signal)) {
      size += chunk.byteLength
      if (options.size !== undefined && size > options.size) throw incompleteBody(options.size, size)
      hash.update(chunk)
      await writeFully(file, chunk)
    }
    if (options.size !== undefined && size !== options.size) throw incompleteBody(options.size, size)
    if (options.fsync) await file.datasync()
    return { size, md5Hex: hash.digest('hex') }
  } finally {
    await file.close()
  }
}

function incompleteBody(declared: number, received: number): S3ServerError {
  const what = received > declared ? `more than ${declared}` : `${received} of ${declared}`
  return new S3ServerError('IncompleteBody', `Received ${what} declared bytes.`)
}

/** Writes all of `chunk`: a single write(2) may legally write fewer bytes than asked. */
async function writeFully(file: FileHandle, chunk: Uint8Array): Promise<void> {
  let offset = 0
  while (offset < chunk.byteLength) {
    const { bytesWritten } = await file.write(chunk, offset, chunk.byteLength - offset)
    offset += bytesWritten
  }
}
