/**
 * In-process write locks by object name. A write holds its key's lock only while its drives
 * commit (not while the body streams), and heal holds it while it checks and rebuilds an object,
 * so heal never rewrites shards under a concurrent commit. Readers take no lock: they check that
 * every shard they read belongs to the version they chose.
 */
export class KeyLocks {
  #tails = new Map<string, Promise<void>>()

  /** Waits for the lock of `name`; resolves with its release. */
  async acquire(name: string): Promise<() => void> {
    const previous = this.#tails.get(name) ?? Promise.resolve()
    let release!: () => void
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    const tail = previous.then(() => held)
    this.#tails.set(name, tail)
    await previous
    return () => {
      release()
      if (this.#tails.get(name) === tail) this.#tails.delete(name)
    }
  }

  /** Runs `fn` holding the lock of `name`. */
  async with<T>(name: string, fn: () => Promise<T>): Promise<T> {
    const release = await this.acquire(name)
    try {
      return await fn()
    } finally {
      release()
    }
  }
}
