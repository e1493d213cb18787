/**
 * One lazily opened connection that is dropped when it breaks and opened again on the next
 * use. Targets keep no background reconnect loop: the sender retries `send`, and each retry
 * that finds no live connection dials once, so a dead broker costs one failed dial per retry.
 */
export interface LazyConnection<C> {
  /** The live connection, opening (and preparing) one if there is none. */
  get(): Promise<C>
  /** Forgets `conn` if it is the current one (called from the library's close/error events). */
  drop(conn: C): void
  /**
   * Whether a connection is open or can be opened now (opening one if needed) and, when given,
   * `probe` answers true for it; any failure reads as offline.
   */
  isOnline(probe?: (conn: C) => boolean | Promise<boolean>): Promise<boolean>
  /** Closes the current connection, if any. */
  close(): Promise<void>
}

/**
 * Wraps `open` (dial plus preparation: declare, create table, check key) and `dispose`.
 * Concurrent `get` calls share one dial.
 *
 * @example
 * const conn = createLazyConnection(() => dial(url), (c) => c.quit())
 * await (await conn.get()).publish(...)
 */
export function createLazyConnection<C>(
  open: (drop: (conn: C) => void) => Promise<C>,
  dispose: (conn: C) => Promise<void>,
): LazyConnection<C> {
  let current: Promise<C> | undefined
  let live: C | undefined

  const drop = (conn: C): void => {
    if (live !== conn) return
    live = undefined
    current = undefined
    dispose(conn).catch(() => {}) // already broken; nothing to report
  }

  const connection: LazyConnection<C> = {
    get() {
      if (current) return current
      const pending = open(drop).then(
        (conn) => {
          live = conn
          return conn
        },
        (e: unknown) => {
          current = undefined
          throw e
        },
      )
      current = pending
      return pending
    },
    drop,
    async isOnline(probe) {
      try {
        const conn = await connection.get()
        return probe ? await probe(conn) : true
      } catch {
        return false
      }
    },
    async close() {
      const pending = current
      current = undefined
      live = undefined
      if (!pending) return
      const conn = await pending.catch(() => undefined)
      if (conn !== undefined) await dispose(conn)
    },
  }
  return connection
}

/** Rejects with `what timed out after N ms` unless `promise` settles first. */
export function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms} ms`)), ms)
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}
