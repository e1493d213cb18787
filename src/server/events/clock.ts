/** Time as the event pipeline sees it; tests pass a fake one so backoff runs instantly. */
export interface Clock {
  now(): number
  /** Resolves after `ms`, or early (without rejecting) when `signal` aborts. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>
}

/** Wall-clock time and real timers. */
export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: (ms, signal) =>
    new Promise<void>((resolve) => {
      if (signal?.aborted) return resolve()
      const timer = setTimeout(done, ms)
      signal?.addEventListener('abort', done, { once: true })
      function done() {
        clearTimeout(timer)
        signal?.removeEventListener('abort', done)
        resolve()
      }
    }),
}
