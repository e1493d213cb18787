import type { Readable } from 'node:stream'

/**
 * Reads exactly the first `length` bytes of `stream` and leaves the rest in it, unread (so the
 * stream can be handed on as the body that follows a header).
 *
 * @example const head = await readStreamHead(res, 120); const body = res
 */
export async function readStreamHead(stream: Readable, length: number): Promise<Buffer> {
  const chunks: Buffer[] = []
  let got = 0
  while (got < length) {
    const chunk = stream.read() as Buffer | null
    if (chunk === null) {
      await readableOrEnd(stream, () => `the stream ended after ${got} of ${length} bytes`)
      continue
    }
    const wanted = length - got
    if (chunk.length > wanted) stream.unshift(chunk.subarray(wanted))
    chunks.push(chunk.subarray(0, wanted))
    got += Math.min(chunk.length, wanted)
  }
  return Buffer.concat(chunks, length)
}

/** Waits for more to read; rejects when the stream ends or fails first. */
function readableOrEnd(stream: Readable, ended: () => string): Promise<void> {
  if (stream.readableEnded || stream.destroyed) return Promise.reject(new Error(ended()))
  return new Promise((resolve, reject) => {
    const done = (error?: Error) => {
      stream.off('readable', onReadable)
      stream.off('end', onEnd)
      stream.off('error', done)
      stream.off('close', onEnd)
      if (error) reject(error)
      else resolve()
    }
    const onReadable = () => done()
    const onEnd = () => done(new Error(ended()))
    stream.on('readable', onReadable)
    stream.on('end', onEnd)
    stream.on('error', done)
    stream.on('close', onEnd)
  })
}
