import { randomUUID } from 'node:crypto'
import type { Logger } from '../logger.js'
import { type NamedLocks, withLock } from '../storage/erasure/key-locks.js'
import type { Coordinator } from './coordinator.js'
import { LockGrants } from './lock-grants.js'
import {
  type LockRequest,
  type LockResponse,
  type LockTransport,
  lockUnavailableError,
} from './lock-protocol.js'
import { SlotClaims } from './slot-claims.js'
import { slotOf } from './slot-hash.js'

/** How a server locks across its deployment. */
export interface DistributedLocksOptions {
  coordinator: Coordinator
  /** Carries lock requests to other servers (the lead's HTTP one, or InProcessLockTransport). */
  transport: LockTransport
  /** How many lock slots; the same on every server. Default 64. */
  slots?: number
  /** The longest an owner keeps a grant its holder did not release. Default 30 s. */
  grantTtlMs?: number
  /** How long an acquire looks for an owner that grants before failing with 503. Default 3 s. */
  ownerWaitMs?: number
  /** How long a free slot waits for its rendezvous winner before anyone claims it. Default 1 s. */
  claimDelayMs?: number
  /** How long a handover waits for the slot's grants to be released. Default 1 s. */
  drainMs?: number
  logger: Logger
}

/** How soon an acquire asks a slot that is settling again. */
const NOT_READY_RETRY_MS = 50

/** Not granted this time: why, and when asking again makes sense. */
interface Miss {
  message: string
  retryAfterMs?: number
}

/**
 * Locks by name across the servers of a deployment, with KeyLocks' surface, so the erasure
 * layer takes either (issue 17, docs/distributed.md). A lock name hashes to one of a fixed
 * number of slots; each slot has one owner at a time, recorded in etcd under the owner's lease
 * (SlotClaims), and the owner grants the slot's locks in memory (LockGrants). A server that owns
 * the slot locks with no network at all; any other asks the owner over the transport. No lock
 * costs an etcd round trip: etcd is written only when slot ownership moves.
 *
 * An acquire fails with 503 XSiloLockUnavailable when no owner grants within `ownerWaitMs`
 * (the owner is unreachable, or etcd has lost its quorum so no lease can stand); a waiting
 * acquire whose slot changes owner stops waiting there and asks the new owner, within the same
 * budget. Release never throws: a release that cannot reach the owner is logged, and the owner
 * drops the grant after its TTL.
 *
 * @example
 * const locks = await DistributedLocks.open({ coordinator, transport, logger })
 * await locks.with(`${bucket}\0${key}`, () => commit())
 */
export class DistributedLocks implements NamedLocks {
  readonly #coordinator: Coordinator
  readonly #transport: LockTransport
  readonly #slots: number
  readonly #grantTtlMs: number
  readonly #ownerWaitMs: number
  readonly #logger: Logger
  readonly #grants: LockGrants
  /** Grants this server holds, or awaits, from other servers' slots: the owner and slot of each. */
  readonly #remote = new Map<number, { slot: number; owner: string }>()
  #nextRemote = 0
  #claims!: SlotClaims

  private constructor(options: DistributedLocksOptions, incarnation: string) {
    this.#coordinator = options.coordinator
    this.#transport = options.transport
    this.#slots = options.slots ?? 64
    this.#grantTtlMs = options.grantTtlMs ?? 30_000
    this.#ownerWaitMs = options.ownerWaitMs ?? 3000
    this.#logger = options.logger
    this.#grants = new LockGrants(incarnation, options.logger)
  }

  /** Starts watching and claiming lock slots on `coordinator`'s deployment. */
  static async open(options: DistributedLocksOptions): Promise<DistributedLocks> {
    const incarnation = `${options.coordinator.self.id}.${randomUUID().slice(0, 8)}`
    const locks = new DistributedLocks(options, incarnation)
    locks.#claims = await SlotClaims.open({
      coordinator: options.coordinator,
      slots: locks.#slots,
      grantTtlMs: locks.#grantTtlMs,
      claimDelayMs: options.claimDelayMs ?? 1000,
      drainMs: options.drainMs ?? 1000,
      incarnation,
      heldIn: (slot) => locks.#grants.countIn(slot),
      settle: (slot, previous) => locks.#settled(slot, previous),
      logger: options.logger,
    })
    return locks
  }

  /** Waits for the lock of `name` (exclusive unless `shared`); resolves with its release. */
  async acquire(name: string, shared = false): Promise<() => void> {
    const slot = slotOf(name, this.#slots)
    const giveUpAt = performance.now() + this.#ownerWaitMs
    for (;;) {
      const outcome = await this.#attempt(slot, name, shared)
      if (typeof outcome === 'function') return outcome
      const left = giveUpAt - performance.now()
      const retryAfter = outcome.retryAfterMs ?? 50
      if (left <= 0 || retryAfter > left) throw lockUnavailableError(`lock slot ${slot}: ${outcome.message}`)
      await this.#claims.nextChange(slot, retryAfter).promise
    }
  }

  /** Runs `fn` holding the lock of `name` (exclusive unless `shared`). */
  with<T>(name: string, fn: () => Promise<T>, shared = false): Promise<T> {
    return withLock(this, name, fn, shared)
  }

  /** Answers another server's lock request (the server side of the transport). */
  async handleLockRequest(request: LockRequest): Promise<LockResponse> {
    if (request.op === 'held')
      return { ok: true, grantId: '', held: this.#heldFrom(request.slot, request.owner) }
    if (request.op === 'release') {
      this.#grants.release(request.grantId)
      return { ok: true, grantId: request.grantId }
    }
    const ttlMs = Math.min(Math.max(1, request.ttlMs), this.#grantTtlMs)
    return this.#grantHere(
      slotOf(request.name, this.#slots),
      request.name,
      request.shared,
      ttlMs,
      request.holder,
    )
  }

  /** The member ID owning each slot, as this server last saw it (undefined: none). */
  owners(): Array<string | undefined> {
    return Array.from({ length: this.#slots }, (_, slot) => this.#claims.ownerOf(slot))
  }

  /** The member ID owning the slot of lock `name`, as this server last saw it. */
  ownerOfLock(name: string): string | undefined {
    return this.#claims.ownerOf(slotOf(name, this.#slots))
  }

  /**
   * Hands this server's slots over (waiting briefly for their grants to be released, so the
   * next owners need not wait out the grant TTL) and stops claiming. Close it before the
   * coordinator.
   */
  async close(): Promise<void> {
    await this.#claims.close()
  }

  /** One try at the slot's current owner: the release, or why not. */
  async #attempt(slot: number, name: string, shared: boolean): Promise<(() => void) | Miss> {
    const owner = this.#claims.ownerOf(slot)
    if (owner === undefined) return { message: 'no server owns it' }
    const self = this.#coordinator.self.id
    if (owner === self) {
      const res = await this.#grantHere(slot, name, shared, this.#grantTtlMs, self)
      return res.ok ? once(() => this.#grants.release(res.grantId)) : res
    }
    const url = this.#coordinator.members().find((m) => m.id === owner)?.url
    if (url === undefined) return { message: `its owner ${owner} is not a live member` }
    const moved = this.#claims.nextChange(slot)
    // Counted from before the request leaves until the grant is released (or never came), so a
    // new owner of the slot asking this server (#settled) hears of it.
    const tracked = ++this.#nextRemote
    this.#remote.set(tracked, { slot, owner })
    const untrack = () => this.#remote.delete(tracked)
    const call = this.#transport.call(url, {
      op: 'acquire',
      name,
      shared,
      ttlMs: this.#grantTtlMs,
      holder: self,
    })
    try {
      const res = await Promise.race([call, moved.promise.then(() => undefined)])
      if (res === undefined) {
        // The slot changed owner while this waited there: a grant that still comes is let go.
        void call
          .then(
            (late) => late.ok && void this.#releaseAt(url, name, late.grantId),
            () => undefined,
          )
          .finally(untrack)
        return { message: `its owner ${owner} lost it while this request waited`, retryAfterMs: 0 }
      }
      if (!res.ok) untrack()
      return res.ok
        ? once(() => {
            untrack()
            void this.#releaseAt(url, name, res.grantId)
          })
        : res
    } catch (e) {
      untrack()
      return { message: `its owner ${owner} is unreachable (${e instanceof Error ? e.message : e})` }
    } finally {
      moved.cancel()
    }
  }

  /** Grants in a slot this server owns, or refuses (not the owner, or not ready yet). */
  async #grantHere(
    slot: number,
    name: string,
    shared: boolean,
    ttlMs: number,
    holder: string,
  ): Promise<LockResponse> {
    const owned = this.#claims.owned(slot)
    if (!owned) {
      return {
        ok: false,
        refusal: 'not-owner',
        message: `${this.#coordinator.self.id} does not own lock slot ${slot}`,
      }
    }
    const wait = Math.ceil(owned.readyAt - performance.now())
    if (wait > 0) {
      const message = `${this.#coordinator.self.id} waits (at most ${wait} ms more) for the previous owner's grants to be released`
      // Usually the servers answer that they hold none within milliseconds (SlotClaims.settle).
      return { ok: false, refusal: 'not-ready', message, retryAfterMs: Math.min(wait, NOT_READY_RETRY_MS) }
    }
    const grantId = await this.#grants.grant(slot, name, {
      shared,
      ttlMs,
      holder,
      signal: owned.controller.signal,
    })
    if (grantId !== undefined && this.#claims.owned(slot) === owned) return { ok: true, grantId }
    if (grantId !== undefined) this.#grants.release(grantId)
    return {
      ok: false,
      refusal: 'not-owner',
      message: `${this.#coordinator.self.id} lost lock slot ${slot} meanwhile`,
    }
  }

  /**
   * How many grants of `slot` from `owner` this server holds or awaits; when it is `owner`
   * itself, how many it made there that are still held (its own included).
   */
  #heldFrom(slot: number, owner: string): number {
    if (owner === this.#coordinator.self.id) return this.#grants.countIn(slot)
    let count = 0
    for (const remote of this.#remote.values()) if (remote.slot === slot && remote.owner === owner) count++
    return count
  }

  /**
   * Whether no grant of `slot` made by `previous` (an owner that did not hand it over) is held
   * anywhere now. The previous owner's own answer settles it when it still answers (it lost
   * only its lease); otherwise every live server must answer that it holds and awaits none of
   * them. Any server that does not answer: not settled (the caller asks again, or waits out the
   * grant TTL).
   */
  async #settled(slot: number, previous: { owner: string; url?: string }): Promise<boolean> {
    const question: LockRequest = { op: 'held', slot, owner: previous.owner }
    const count = (res: LockResponse) => (res.ok ? (res.held ?? 0) : Number.POSITIVE_INFINITY)
    if (previous.url) {
      const answer = await this.#transport.call(previous.url, question).then(count, () => undefined)
      if (answer !== undefined) return answer === 0
    }
    if (this.#heldFrom(slot, previous.owner) > 0) return false
    const others = this.#coordinator
      .members()
      .filter((m) => m.id !== this.#coordinator.self.id && m.id !== previous.owner)
    const answers = await Promise.all(others.map((m) => this.#transport.call(m.url, question).then(count)))
    return answers.every((held) => held === 0)
  }

  async #releaseAt(url: string, name: string, grantId: string): Promise<void> {
    try {
      await this.#transport.call(url, { op: 'release', name, grantId })
    } catch (e) {
      this.#logger.warn(`cluster: could not release lock grant ${grantId} at ${url} (its TTL will): ${e}`)
    }
  }
}

function once(fn: () => void): () => void {
  let done = false
  return () => {
    if (done) return
    done = true
    fn()
  }
}
