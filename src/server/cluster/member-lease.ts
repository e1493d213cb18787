import { type Etcd3, EtcdLeaseInvalidError, type Lease } from 'etcd3'
import type { Logger } from '../logger.js'
import { callEtcd } from './call-etcd.js'

/** How a MemberLease is kept. */
export interface MemberLeaseOptions {
  ttlSeconds: number
  /** Deadline of each etcd call (grant, keep-alive, revoke). */
  requestTimeoutMs: number
  logger: Logger
}

/**
 * The server's etcd lease: granted, kept alive every third of its TTL, and granted anew by
 * itself after a loss. The keys a server owns (its member record, its lock slots) are bound to
 * it, so etcd deletes them when the server dies or is cut off for longer than the TTL.
 *
 * `isValid()` is a local, conservative bound: the lease lives at least until the moment the last
 * answered keep-alive was *sent* plus the TTL etcd answered (etcd counts from when it received it,
 * later, and a new etcd leader only ever extends leases). Past that bound the server must act as
 * if the lease were gone, though etcd may keep it a little longer: that is what lets another
 * server take over a slot without two owners granting at once. (etcd3's own keep-alive declares
 * a loss only after twice the TTL, too late for that, so this class runs its own.)
 */
export class MemberLease {
  readonly #client: Etcd3
  readonly #options: MemberLeaseOptions
  #lease: Lease | undefined
  #id: string | undefined
  #validUntil = 0
  #keepaliveTimer: NodeJS.Timeout | undefined
  #watchdog: NodeJS.Timeout | undefined
  /** Leases given up on (expired here, maybe alive in etcd): revoked once etcd answers again. */
  #abandoned: Lease[] = []
  #listeners = new Set<(id: string | undefined) => void>()
  #closed = false

  constructor(client: Etcd3, options: MemberLeaseOptions) {
    this.#client = client
    this.#options = options
  }

  /** The lease's ID while it is surely alive, else undefined. */
  get id(): string | undefined {
    return this.isValid() ? this.#id : undefined
  }

  /** Whether lease `id` (the current one when omitted) is surely alive now. */
  isValid(id = this.#id): boolean {
    return id !== undefined && id === this.#id && performance.now() < this.#validUntil
  }

  /** Calls `fn` with the new lease's ID after each grant, and with undefined after each loss. */
  onChange(fn: (id: string | undefined) => void): () => void {
    this.#listeners.add(fn)
    return () => this.#listeners.delete(fn)
  }

  /** Starts granting (and, after a loss, granting again) until close(). */
  start(): void {
    void this.#establish()
  }

  /** Stops keeping the lease alive and revokes it (etcd deletes the keys bound to it at once). */
  async close(): Promise<void> {
    this.#closed = true
    clearTimeout(this.#keepaliveTimer)
    clearTimeout(this.#watchdog)
    const lease = this.#lease
    this.#lease = undefined
    this.#id = undefined
    await Promise.all([lease, ...this.#abandoned].map((l) => l && this.#revoke(l)))
  }

  async #establish(): Promise<void> {
    let failures = 0
    while (!this.#closed) {
      const sentAt = performance.now()
      let lease: Lease | undefined
      try {
        const id = await callEtcd('lease grant', this.#options.requestTimeoutMs, ({ deadline }) => {
          lease = this.#client.lease(this.#options.ttlSeconds, { autoKeepAlive: false, deadline })
          return lease.grant()
        })
        if (this.#closed) return void this.#revoke(lease!)
        this.#lease = lease
        this.#id = id
        this.#extend(sentAt + this.#options.ttlSeconds * 1000)
        this.#scheduleKeepalive((this.#options.ttlSeconds * 1000) / 3)
        for (const old of this.#abandoned.splice(0)) void this.#revoke(old)
        this.#notify(id)
        return
      } catch (e) {
        lease?.release()
        if (failures++ === 0) this.#options.logger.warn(`cluster: cannot get an etcd lease, retrying: ${e}`)
        await new Promise((resolve) => setTimeout(resolve, Math.min(1000, 100 * failures)))
      }
    }
  }

  #scheduleKeepalive(ms: number): void {
    clearTimeout(this.#keepaliveTimer)
    this.#keepaliveTimer = setTimeout(() => void this.#keepalive(), ms)
  }

  async #keepalive(): Promise<void> {
    const lease = this.#lease
    if (!lease || this.#closed) return
    const sentAt = performance.now()
    try {
      const res = await callEtcd('lease keep-alive', this.#options.requestTimeoutMs, (options) =>
        lease.keepaliveOnce(options),
      )
      if (lease !== this.#lease) return
      this.#extend(sentAt + Number(res.TTL) * 1000)
      this.#scheduleKeepalive((this.#options.ttlSeconds * 1000) / 3)
    } catch (e) {
      if (lease !== this.#lease) return
      // etcd says the lease is gone (expired or revoked): nothing left to keep alive.
      if (e instanceof Error && e.cause instanceof EtcdLeaseInvalidError) return this.#lose('etcd expired it')
      // One member down, or an election: try again soon; the watchdog decides when it is lost.
      this.#scheduleKeepalive(100)
    }
  }

  #extend(until: number): void {
    this.#validUntil = Math.max(this.#validUntil, until)
    this.#armWatchdog()
  }

  /** Declares the lease lost once its bound passes (timers may fire a little early: re-armed). */
  #armWatchdog(): void {
    clearTimeout(this.#watchdog)
    const left = this.#validUntil - performance.now()
    if (left > 0) this.#watchdog = setTimeout(() => this.#armWatchdog(), Math.ceil(left))
    else this.#lose('no keep-alive answered in time')
  }

  #lose(reason: string): void {
    const lease = this.#lease
    if (!lease) return
    this.#options.logger.warn(`cluster: lost etcd lease ${this.#id} (${reason}); getting a new one`)
    lease.release()
    this.#abandoned.push(lease)
    this.#lease = undefined
    this.#id = undefined
    this.#validUntil = 0
    clearTimeout(this.#keepaliveTimer)
    clearTimeout(this.#watchdog)
    this.#notify(undefined)
    void this.#establish()
  }

  #notify(id: string | undefined): void {
    for (const fn of this.#listeners) {
      try {
        fn(id)
      } catch (e) {
        this.#options.logger.error('cluster: a lease listener failed', e)
      }
    }
  }

  async #revoke(lease: Lease): Promise<void> {
    try {
      await callEtcd('lease revoke', this.#options.requestTimeoutMs, (options) => lease.revoke(options))
    } catch {
      // Gone already, or etcd is away: the lease expires by itself after its TTL.
    }
  }
}
