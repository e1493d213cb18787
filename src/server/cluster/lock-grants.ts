import type { Logger } from '../logger.js'
import { KeyLocks } from '../storage/erasure/key-locks.js'

interface Grant {
  slot: number
  release: () => void
  timer: NodeJS.Timeout
}

/**
 * The locks a server grants in the slots it owns: queued by KeyLocks (same order and sharing
 * rules as a single server's), each grant named by an ID its holder releases it with, and
 * released by the owner itself when its holder keeps it past its TTL (the holder died, or lost
 * the way back). Grants outlive the ownership of their slot: a holder may still release them.
 */
export class LockGrants {
  readonly #locks = new KeyLocks()
  readonly #grants = new Map<string, Grant>()
  readonly #idPrefix: string
  readonly #logger: Logger
  #next = 0

  /** `idPrefix` makes grant IDs unique across this server's lives. */
  constructor(idPrefix: string, logger: Logger) {
    this.#idPrefix = idPrefix
    this.#logger = logger
  }

  /**
   * Waits for the lock and grants it for at most `ttlMs`; resolves with the grant's ID, or
   * with undefined when `signal` aborts first (the slot is lost): the lock is then let go as
   * soon as the queue reaches it.
   */
  async grant(
    slot: number,
    name: string,
    options: { shared: boolean; ttlMs: number; holder: string; signal: AbortSignal },
  ): Promise<string | undefined> {
    if (options.signal.aborted) return undefined
    const pending = this.#locks.acquire(name, options.shared)
    const release = await new Promise<(() => void) | undefined>((resolve) => {
      const abort = () => resolve(undefined)
      options.signal.addEventListener('abort', abort, { once: true })
      void pending.then((granted) => {
        options.signal.removeEventListener('abort', abort)
        resolve(granted)
      })
    })
    if (!release) {
      void pending.then((granted) => granted())
      return undefined
    }
    const id = `${this.#idPrefix}.${++this.#next}`
    const timer = setTimeout(() => {
      this.#logger.warn(
        `cluster: lock grant ${id} (slot ${slot}) to ${options.holder} not released within ${options.ttlMs} ms; releasing it`,
      )
      this.release(id)
    }, options.ttlMs)
    timer.unref()
    this.#grants.set(id, { slot, release, timer })
    return id
  }

  /** Releases grant `id`; false when it is not held (released already, or past its TTL). */
  release(id: string): boolean {
    const grant = this.#grants.get(id)
    if (!grant) return false
    this.#grants.delete(id)
    clearTimeout(grant.timer)
    grant.release()
    return true
  }

  /** How many grants in `slot` are held now. */
  countIn(slot: number): number {
    let count = 0
    for (const grant of this.#grants.values()) if (grant.slot === slot) count++
    return count
  }
}
