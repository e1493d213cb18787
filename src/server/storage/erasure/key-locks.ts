/**
 * In-process locks by name, exclusive or shared, granted first come first served (a waiting
 * exclusive request holds back shared ones that come after it, so a stream of shared holders
 * cannot starve it).
 *
 * - An object's name (lockNameOf): a write holds it exclusively only while its drives commit
 *   (not while the body streams), and heal while it checks and rebuilds an object, so heal never
 *   rewrites shards under a concurrent commit. Readers take no lock: they check that every shard
 *   they read belongs to the version they chose.
 * - A bucket's gate (bucketLockNameOf): every commit that adds an object to the bucket holds it
 *   shared; DeleteBucket holds it exclusively, so its emptiness check and its deletes see no
 *   commit half-way (issue 12: a delete removed shards of PUTs committing at that moment).
 * - An upload (uploadLockNameOf): Complete and Abort of the same upload take turns.
 *
 * Order, to never deadlock: a bucket's gate before an object's or an upload's lock, an object's
 * lock before an upload's; nobody holding an object's lock waits for a bucket's gate.
 */
export class KeyLocks implements NamedLocks {
  #locks = new Map<string, LockState>()

  /** Waits for the lock of `name` (exclusive unless `shared`); resolves with its release. */
  acquire(name: string, shared = false): Promise<() => void> {
    let state = this.#locks.get(name)
    if (!state) {
      state = { shared: 0, exclusive: false, queue: [] }
      this.#locks.set(name, state)
    }
    const lock = state
    let released = false
    const release = () => {
      if (released) return
      released = true
      if (shared) lock.shared--
      else lock.exclusive = false
      this.#grant(name, lock)
    }
    return new Promise((resolve) => {
      lock.queue.push({ shared, grant: () => resolve(release) })
      this.#grant(name, lock)
    })
  }

  /** Runs `fn` holding the lock of `name` (exclusive unless `shared`). */
  with<T>(name: string, fn: () => Promise<T>, shared = false): Promise<T> {
    return withLock(this, name, fn, shared)
  }

  /** Grants waiting requests from the front of the queue while they are compatible. */
  #grant(name: string, lock: LockState): void {
    while (lock.queue.length > 0 && !lock.exclusive) {
      const next = lock.queue[0]!
      if (!next.shared && lock.shared > 0) break
      lock.queue.shift()
      if (next.shared) lock.shared++
      else lock.exclusive = true
      next.grant()
    }
    const idle = !lock.exclusive && lock.shared === 0 && lock.queue.length === 0
    if (idle && this.#locks.get(name) === lock) this.#locks.delete(name)
  }
}

/**
 * What the erasure layer locks with: KeyLocks within one server, DistributedLocks
 * (src/server/cluster) across the servers of a deployment. An acquire of the latter can fail
 * (503 XSiloLockUnavailable); KeyLocks' never does.
 */
export interface NamedLocks {
  /** Waits for the lock of `name` (exclusive unless `shared`); resolves with its release. */
  acquire(name: string, shared?: boolean): Promise<() => void>
  /** Runs `fn` holding the lock of `name` (exclusive unless `shared`). */
  with<T>(name: string, fn: () => Promise<T>, shared?: boolean): Promise<T>
}

/** The `with` of every NamedLocks: runs `fn` holding `locks`' lock of `name`, released after. */
export async function withLock<T>(
  locks: Pick<NamedLocks, 'acquire'>,
  name: string,
  fn: () => Promise<T>,
  shared: boolean,
): Promise<T> {
  const release = await locks.acquire(name, shared)
  try {
    return await fn()
  } finally {
    release()
  }
}

interface LockState {
  /** Holders of the shared lock. */
  shared: number
  exclusive: boolean
  queue: Array<{ shared: boolean; grant: () => void }>
}
