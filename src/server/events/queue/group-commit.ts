/**
 * Batches concurrent writes into one flush (one fsync): items submitted while a flush is
 * running wait and go together in the next one. Each `submit` resolves once its item's flush
 * has finished, or rejects with that flush's error.
 */
export function createGroupCommit<T>(flush: (batch: T[]) => Promise<void>): {
  submit(item: T): Promise<void>
  /** Resolves when nothing is waiting or being flushed. */
  drain(): Promise<void>
} {
  type Waiter = { item: T; resolve: () => void; reject: (e: unknown) => void }
  let waiting: Waiter[] = []
  let running: Promise<void> | undefined

  async function run(): Promise<void> {
    // Let writes submitted in this same tick join the first batch.
    await Promise.resolve()
    while (waiting.length > 0) {
      const batch = waiting
      waiting = []
      try {
        await flush(batch.map((w) => w.item))
        for (const w of batch) w.resolve()
      } catch (e) {
        for (const w of batch) w.reject(e)
      }
    }
    running = undefined
  }

  return {
    submit(item) {
      const done = new Promise<void>((resolve, reject) => waiting.push({ item, resolve, reject }))
      running ??= run()
      return done
    },
    async drain() {
      while (running) await running
    },
  }
}
