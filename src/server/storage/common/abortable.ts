import type { Readable } from 'node:stream'

/**
 * Iterates `source` until it ends or `signal` aborts. Aborting rejects with `signal.reason` at
 * once, even while the source is stalled waiting for bytes, and destroys the source. Stopping
 * early for any other reason (say, too many bytes) leaves a stream source alive, so the HTTP
 * layer can still answer on the request's socket.
 */
export async function* iterateAbortable<T>(
  source: AsyncIterable<T>,
  signal: AbortSignal | undefined,
): AsyncGenerator<T> {
  signal?.throwIfAborted()
  const iterator = iteratorOf(source)
  let onAbort = () => {}
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => reject(signal?.reason)
    signal?.addEventListener('abort', onAbort, { once: true })
  })
  let done = false
  try {
    while (true) {
      const step = signal ? await Promise.race([iterator.next(), aborted]) : await iterator.next()
      if (step.done) {
        done = true
        return
      }
      yield step.value
    }
  } finally {
    signal?.removeEventListener('abort', onAbort)
    if (signal?.aborted) destroySource(source)
    // Not awaited: an iterator stalled in `next()` settles `return()` only after that `next()`.
    if (!done) iterator.return?.().catch(() => {})
  }
}

/** A stream's iterator that does not destroy the stream when we stop early; else the plain one. */
function iteratorOf<T>(source: AsyncIterable<T>): AsyncIterator<T> {
  const readable = source as Partial<Readable>
  if (typeof readable.iterator === 'function') {
    return readable.iterator({ destroyOnReturn: false }) as AsyncIterator<T>
  }
  return source[Symbol.asyncIterator]()
}

function destroySource<T>(source: AsyncIterable<T>): void {
  const readable = source as Partial<Readable>
  if (typeof readable.destroy === 'function') readable.destroy()
}
