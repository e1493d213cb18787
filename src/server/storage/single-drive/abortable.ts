/**
 * Iterates `source` until it ends or `signal` aborts. Aborting rejects with `signal.reason` at
 * once, even while the source is stalled waiting for bytes, and stops the source.
 */
export async function* iterateAbortable<T>(
  source: AsyncIterable<T>,
  signal: AbortSignal | undefined,
): AsyncGenerator<T> {
  if (!signal) return yield* source
  signal.throwIfAborted()
  const iterator = source[Symbol.asyncIterator]()
  let onAbort = () => {}
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => reject(signal.reason)
    signal.addEventListener('abort', onAbort, { once: true })
  })
  let done = false
  try {
    while (true) {
      const step = await Promise.race([iterator.next(), aborted])
      if (step.done) {
        done = true
        return
      }
      yield step.value
    }
  } finally {
    signal.removeEventListener('abort', onAbort)
    if (!done) stopSource(source, iterator)
  }
}

/** Releases a source we stopped reading: destroy a stream, or ask an iterator to finish. */
function stopSource<T>(source: AsyncIterable<T>, iterator: AsyncIterator<T>): void {
  const destroy = (source as { destroy?: () => void }).destroy
  if (typeof destroy === 'function') {
    destroy.call(source)
    return
  }
  // Not awaited: a generator stalled in `next()` only settles `return()` after that `next()`.
  iterator.return?.().catch(() => {})
}
