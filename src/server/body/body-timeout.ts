import type { IncomingMessage } from 'node:http'
import { S3ServerError } from '../errors.js'

/**
 * The slow-body timeout (issue 12, defect 3): a request body that sends nothing for this long
 * while the server waits for it fails with S3's 400 RequestTimeout. It measures progress, not
 * total time: a 5 GiB upload on a slow link succeeds as long as bytes keep coming, and time the
 * server itself spends not reading (a slow disk pushing back) never counts.
 */

// Set per request by the HTTP server that received it (createNodeServer), read by the body
// readers: the setting belongs to the server, the request is what the readers hold.
const timeouts = new WeakMap<IncomingMessage, number>()
const watched = new WeakSet<IncomingMessage>()

/**
 * Records the body timeout for `req` (0: none).
 * @example setBodyTimeout(req, 60_000)
 */
export function setBodyTimeout(req: IncomingMessage, ms: number): void {
  timeouts.set(req, ms)
}

/** Whether a body reader watches `req`'s progress (else the connection's idle timeout must). */
export function isBodyWatched(req: IncomingMessage): boolean {
  return watched.has(req)
}

/**
 * The bytes of `req`, failing with RequestTimeout when the next chunk takes longer than the
 * request's body timeout to arrive. The timer runs only while a chunk is awaited. Unlike the
 * stream's own async iterator, stopping early does not destroy the request, so an error can
 * still be answered while the client is sending: the rest of the body is discarded (and the
 * answer closes the connection when much is left, see sendError).
 *
 * @example for await (const chunk of watchBodyProgress(req)) hash.update(chunk)
 */
export async function* watchBodyProgress(req: IncomingMessage): AsyncGenerator<Uint8Array> {
  const ms = timeouts.get(req) ?? 0
  if (ms > 0) watched.add(req)
  let ended = false
  let failure: Error | undefined
  let wake: (() => void) | undefined
  const onReadable = () => wake?.()
  const onEnd = () => {
    ended = true
    wake?.()
  }
  const onError = (error: Error) => {
    failure ??= error
    wake?.()
  }
  // 'close' follows 'end' on every request (before this generator resumes): only a close
  // before the end is an abort, and only then is an Error (and its stack) worth making.
  const onClose = () => {
    if (!ended) onError(Object.assign(new Error('aborted'), { code: 'ECONNRESET' }))
  }
  req.on('readable', onReadable)
  req.on('end', onEnd)
  req.on('error', onError)
  req.on('close', onClose)
  try {
    for (;;) {
      for (let chunk = req.read() as Buffer | null; chunk !== null; chunk = req.read() as Buffer | null) {
        yield chunk
      }
      if (ended) return
      if (failure) throw failure
      await nextEvent(ms, (resolve) => {
        wake = resolve
      })
    }
  } finally {
    wake = undefined
    req.off('readable', onReadable)
    req.off('end', onEnd)
    req.off('error', onError)
    req.off('close', onClose)
    // Stopped early (an error is being answered): discard the rest so the connection can serve
    // its next request. Node would not, since this body was being read.
    if (!ended) req.resume()
  }
}

/** Waits for `wake` to be called, at most `ms` (0: no limit). */
function nextEvent(ms: number, register: (wake: () => void) => void): Promise<void> {
  if (ms <= 0) return new Promise<void>((resolve) => register(resolve))
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(timedOut(ms)), ms)
    register(() => {
      clearTimeout(timer)
      resolve()
    })
  })
}

function timedOut(ms: number): S3ServerError {
  return new S3ServerError(
    'RequestTimeout',
    `Your socket connection to the server was not read from or written to within the timeout period (no body bytes for ${ms} ms).`,
  )
}
