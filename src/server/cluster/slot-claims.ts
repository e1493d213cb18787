import type { Logger } from '../logger.js'
import { callEtcd } from './call-etcd.js'
import type { Coordinator } from './coordinator.js'
import type { PrefixMirror } from './prefix-mirror.js'
import { rendezvousWinner } from './slot-hash.js'

/** A slot this server owns. */
export interface OwnedSlot {
  /** The lease its etcd key is bound to: the ownership ends with it. */
  readonly lease: string
  /**
   * performance.now() from which it grants: the previous owner's grants have run out by then,
   * or sooner once every server said it holds none (SlotClaimsOptions.settle).
   */
  readyAt: number
  /** Aborted when the slot is lost or handed over: refuses the requests queued in it. */
  readonly controller: AbortController
  handingOver: boolean
}

/** What `slot-claims/<n>` records of the last claim or handover of slot n (never leased). */
interface ClaimRecord {
  owner: string
  /** Where the owner answers (its member URL), so the next owner can ask it about its grants. */
  url?: string
  /** Which life of the owner's grant table: the same life knows its own grants. */
  incarnation: string
  /** Handed over with no grant held: the next owner need not wait. */
  clean: boolean
  grantTtlMs: number
}

/** How SlotClaims claims and hands over. */
export interface SlotClaimsOptions {
  coordinator: Coordinator
  slots: number
  grantTtlMs: number
  /** How long a free slot waits for its rendezvous winner before anyone claims it. */
  claimDelayMs: number
  /** How long a handover waits for the slot's grants to be released. */
  drainMs: number
  incarnation: string
  /** How many grants in `slot` are held now. */
  heldIn: (slot: number) => number
  /**
   * Whether no grant of `slot` made by `previous` (an owner that did not hand it over) can still
   * be held anywhere; false when that cannot be told now. Without it, a claim after such an
   * owner waits out the grant TTL.
   */
  settle?: (slot: number, previous: { owner: string; url?: string }) => Promise<boolean>
  logger: Logger
}

/** How often a new owner asks again whether its previous owner's grants are gone. */
const SETTLE_RETRY_MS = 200

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Who owns each lock slot (`slots/<n>` → member ID, watched), and this server's own claims:
 *
 * - A free slot is claimed at once by its rendezvous winner among live members, and by anyone
 *   once it has been free for `claimDelayMs` (its winner may be gone). The claim is a
 *   transaction that creates the key only if absent, bound to this server's lease: at most one
 *   owner, and the ownership dies with the lease.
 * - The same transaction reads and rewrites `slot-claims/<n>`. When the previous owner did not
 *   hand the slot over cleanly (it died, or was cut off and its lease expired), its grants may
 *   still be held: the new owner grants nothing for the grant TTL. A slot never owned, handed
 *   over clean, or last owned by this same life of this server grants at once.
 * - An owner hands a slot over when a member that joined at least `claimDelayMs` ago is its
 *   rendezvous winner: it refuses new requests, waits (up to `drainMs`) for the slot's grants
 *   to be released, and deletes its key (only if still its own) marking the handover clean.
 * - An owner whose lease is no longer surely alive (MemberLease.isValid) owns nothing.
 */
export class SlotClaims {
  readonly #o: SlotClaimsOptions
  readonly #self: string
  #mirror!: PrefixMirror
  readonly #owned = new Map<number, OwnedSlot>()
  /** Slots with a claim or handover in flight. */
  readonly #busy = new Set<number>()
  readonly #freeSince = new Map<number, number>()
  readonly #memberSince = new Map<string, number>()
  readonly #waiters = new Map<number, Set<() => void>>()
  readonly #unsubscribe: Array<() => void> = []
  #tick: NodeJS.Timeout | undefined
  #scheduled = false
  #closed = false

  private constructor(options: SlotClaimsOptions) {
    this.#o = options
    this.#self = options.coordinator.self.id
  }

  /** Reads and watches the slots, then claims this server's share. */
  static async open(options: SlotClaimsOptions): Promise<SlotClaims> {
    const claims = new SlotClaims(options)
    const changed = (key: string) => claims.#changed(Number(key))
    claims.#mirror = await options.coordinator.mirror('slots/', { onPut: changed, onDelete: changed })
    const schedule = () => claims.#schedule()
    claims.#unsubscribe.push(
      options.coordinator.onMembers(schedule),
      options.coordinator.onState(schedule),
      options.coordinator.lease.onChange(schedule),
    )
    claims.#tick = setInterval(schedule, Math.max(20, Math.min(500, options.claimDelayMs / 2)))
    claims.#reconcile()
    return claims
  }

  /** The member ID owning `slot` as this server last saw it, or undefined. */
  ownerOf(slot: number): string | undefined {
    return this.#mirror.entries.get(String(slot))?.value
  }

  /** This server's ownership of `slot` when it may grant in it now (lease alive, not moving). */
  owned(slot: number): OwnedSlot | undefined {
    const owned = this.#owned.get(slot)
    if (!owned || owned.handingOver || !this.#o.coordinator.lease.isValid(owned.lease)) return undefined
    return owned
  }

  /** Resolves when `slot`'s key changes (a new owner, or none), or after `timeoutMs`. */
  nextChange(slot: number, timeoutMs?: number): { promise: Promise<void>; cancel(): void } {
    const waiters = this.#waiters.get(slot) ?? new Set()
    this.#waiters.set(slot, waiters)
    let wake = () => {}
    const promise = new Promise<void>((resolve) => {
      wake = resolve
    })
    const timer = timeoutMs === undefined ? undefined : setTimeout(() => waiter(), timeoutMs)
    const waiter = () => {
      clearTimeout(timer)
      waiters.delete(waiter)
      wake()
    }
    waiters.add(waiter)
    return { promise, cancel: waiter }
  }

  /** Hands every owned slot over (so the next owners need not wait), and stops claiming. */
  async close(): Promise<void> {
    this.#closed = true
    clearInterval(this.#tick)
    for (const unsubscribe of this.#unsubscribe) unsubscribe()
    await Promise.all([...this.#owned].map(([slot, owned]) => this.#handOver(slot, owned)))
    await this.#mirror.close()
  }

  #changed(slot: number): void {
    for (const waiter of [...(this.#waiters.get(slot) ?? [])]) waiter()
    this.#schedule()
  }

  #schedule(): void {
    if (this.#scheduled || this.#closed) return
    this.#scheduled = true
    setImmediate(() => {
      this.#scheduled = false
      this.#reconcile()
    })
  }

  #reconcile(): void {
    if (this.#closed) return
    const lease = this.#o.coordinator.lease.id
    for (const [slot, owned] of this.#owned) {
      if (owned.lease !== lease && !this.#busy.has(slot)) this.#drop(slot, owned)
    }
    if (lease === undefined || this.#o.coordinator.state !== 'connected') return
    const now = performance.now()
    const { live, settled } = this.#members(now)
    for (let slot = 0; slot < this.#o.slots; slot++) {
      if (this.#busy.has(slot)) continue
      const entry = this.#mirror.entries.get(String(slot))
      if (!entry) {
        const since = this.#freeSince.get(slot) ?? now
        this.#freeSince.set(slot, since)
        const mine = rendezvousWinner(slot, live) === this.#self
        if (mine || now - since >= this.#o.claimDelayMs) void this.#claim(slot, lease)
        continue
      }
      this.#freeSince.delete(slot)
      if (entry.value !== this.#self || entry.lease !== lease) continue
      const owned = this.#owned.get(slot)
      if (!owned) {
        // A claim of ours that etcd applied after its deadline: never granted in, so let it go.
        void this.#release(slot, entry.modRevision, lease)
      } else if (now >= owned.readyAt && rendezvousWinner(slot, settled) !== this.#self) {
        void this.#handOver(slot, owned)
      }
    }
  }

  /** Live member IDs (this server's too), and those that joined `claimDelayMs` ago or more. */
  #members(now: number): { live: string[]; settled: string[] } {
    const live = new Set(this.#o.coordinator.members().map((m) => m.id))
    live.add(this.#self)
    for (const id of this.#memberSince.keys()) if (!live.has(id)) this.#memberSince.delete(id)
    for (const id of live) if (!this.#memberSince.has(id)) this.#memberSince.set(id, now)
    const settled = [...live].filter(
      (id) => id === this.#self || now - this.#memberSince.get(id)! >= this.#o.claimDelayMs,
    )
    return { live: [...live], settled }
  }

  async #claim(slot: number, lease: string): Promise<void> {
    this.#busy.add(slot)
    const { etcd } = this.#o.coordinator
    const record: ClaimRecord = {
      owner: this.#self,
      url: this.#o.coordinator.self.url,
      incarnation: this.#o.incarnation,
      clean: false,
      grantTtlMs: this.#o.grantTtlMs,
    }
    try {
      const res = await callEtcd(`claim slot ${slot}`, this.#o.coordinator.requestTimeoutMs, ({ deadline }) =>
        etcd
          .if(`slots/${slot}`, 'Create', '==', 0)
          .then(
            etcd.get(`slot-claims/${slot}`),
            etcd.put(`slots/${slot}`).value(this.#self).lease(lease),
            etcd.put(`slot-claims/${slot}`).value(JSON.stringify(record)),
          )
          .options({ deadline })
          .commit(),
      )
      if (!res.succeeded || this.#closed || !this.#o.coordinator.lease.isValid(lease)) return
      const previous = parseClaim(res.responses[0]?.response_range.kvs[0]?.value)
      const wait = this.#waitAfter(previous)
      const owned: OwnedSlot = {
        lease,
        readyAt: performance.now() + wait,
        controller: new AbortController(),
        handingOver: false,
      }
      this.#owned.set(slot, owned)
      if (wait > 0) {
        this.#o.logger.warn(
          `cluster: claimed lock slot ${slot} from ${previous!.owner}, which did not hand it over; granting once no server holds its grants (at most ${wait} ms)`,
        )
        void this.#settle(slot, owned, previous!)
      }
    } catch {
      // etcd did not answer: a later pass tries again (or adopts a claim that landed late).
    } finally {
      this.#busy.delete(slot)
    }
  }

  /**
   * Asks (every SETTLE_RETRY_MS, until the grant TTL would have run out anyway) whether the
   * previous owner's grants are all gone; once they are, the slot grants at once.
   */
  async #settle(slot: number, owned: OwnedSlot, previous: ClaimRecord): Promise<void> {
    const settle = this.#o.settle
    if (!settle) return
    while (!this.#closed && this.#owned.get(slot) === owned && performance.now() < owned.readyAt) {
      const done = await settle(slot, { owner: previous.owner, url: previous.url }).catch(() => false)
      if (done) {
        owned.readyAt = Math.min(owned.readyAt, performance.now())
        return
      }
      await sleep(SETTLE_RETRY_MS)
    }
  }

  #waitAfter(previous: ClaimRecord | undefined): number {
    if (!previous || previous.clean) return 0
    if (previous.owner === this.#self && previous.incarnation === this.#o.incarnation) return 0
    return Math.max(this.#o.grantTtlMs, previous.grantTtlMs)
  }

  async #handOver(slot: number, owned: OwnedSlot): Promise<void> {
    if (this.#busy.has(slot)) return
    this.#busy.add(slot)
    owned.handingOver = true
    owned.controller.abort()
    try {
      const until = performance.now() + this.#o.drainMs
      while (this.#o.heldIn(slot) > 0 && performance.now() < until) await sleep(5)
      const record: ClaimRecord = {
        owner: this.#self,
        incarnation: this.#o.incarnation,
        // Clean only when no grant of this slot can be held anywhere: none of ours, and the
        // previous owner's have run out (a slot still waiting for them is not clean).
        clean: this.#o.heldIn(slot) === 0 && performance.now() >= owned.readyAt,
        url: this.#o.coordinator.self.url,
        grantTtlMs: this.#o.grantTtlMs,
      }
      const { etcd } = this.#o.coordinator
      const handedOver = await callEtcd(
        `hand over slot ${slot}`,
        this.#o.coordinator.requestTimeoutMs,
        ({ deadline }) =>
          etcd
            .if(`slots/${slot}`, 'Value', '==', this.#self)
            .and(`slots/${slot}`, 'Lease', '==', owned.lease)
            .then(
              etcd.delete().key(`slots/${slot}`),
              etcd.put(`slot-claims/${slot}`).value(JSON.stringify(record)),
            )
            .options({ deadline })
            .commit(),
      ).then(
        () => true,
        () => this.#stillOwned(slot, owned.lease).then((still) => !still),
      )
      if (handedOver || this.#closed) this.#drop(slot, owned)
      else this.#owned.set(slot, { ...owned, controller: new AbortController(), handingOver: false })
    } finally {
      this.#busy.delete(slot)
    }
  }

  /**
   * After a handover etcd did not confirm: whether the key is still this server's (then it
   * keeps granting there). Asks until etcd answers, as long as the lease lives (without it the
   * slot is lost anyway); gives up at close.
   */
  async #stillOwned(slot: number, lease: string): Promise<boolean> {
    while (!this.#closed && this.#o.coordinator.lease.isValid(lease)) {
      try {
        const res = await callEtcd(
          `read slot ${slot}`,
          this.#o.coordinator.requestTimeoutMs,
          ({ deadline }) => this.#o.coordinator.etcd.get(`slots/${slot}`).options({ deadline }).exec(),
        )
        const kv = res.kvs[0]
        return kv !== undefined && kv.value.toString() === this.#self && kv.lease === lease
      } catch {
        await sleep(200)
      }
    }
    return false
  }

  /** Deletes a key of ours this server never granted in (only that very version of it). */
  async #release(slot: number, modRevision: string, lease: string): Promise<void> {
    this.#busy.add(slot)
    const { etcd } = this.#o.coordinator
    try {
      await callEtcd(`release slot ${slot}`, this.#o.coordinator.requestTimeoutMs, ({ deadline }) =>
        etcd
          .if(`slots/${slot}`, 'Mod', '==', modRevision)
          .and(`slots/${slot}`, 'Lease', '==', lease)
          .then(etcd.delete().key(`slots/${slot}`))
          .options({ deadline })
          .commit(),
      )
    } catch {
      // A later pass tries again.
    } finally {
      this.#busy.delete(slot)
    }
  }

  #drop(slot: number, owned: OwnedSlot): void {
    owned.controller.abort()
    if (this.#owned.get(slot) === owned) this.#owned.delete(slot)
  }
}

function parseClaim(value: Buffer | undefined): ClaimRecord | undefined {
  if (value === undefined) return undefined
  try {
    return JSON.parse(value.toString()) as ClaimRecord
  } catch {
    // Unreadable: treat as a previous owner that did not hand over (the safe side).
    return { owner: '?', incarnation: '?', clean: false, grantTtlMs: 0 }
  }
}
