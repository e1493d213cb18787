import { ConsecutiveBreaker, circuitBreaker, handleWhen } from 'cockatiel'
import { Etcd3, isRecoverableError, type Namespace } from 'etcd3'
import type { Logger } from '../logger.js'
import { CoordinationUnavailableError, callEtcd } from './call-etcd.js'
import { MemberLease } from './member-lease.js'
import { type MirrorHandlers, PrefixMirror } from './prefix-mirror.js'

/** A live server of the deployment, as it registered itself. */
export interface ClusterMember {
  id: string
  /** Where the other servers reach it (its lock requests, among others). */
  url: string
  /** When this server's coordinator connected (ISO 8601). */
  startedAt: string
}

/** `connected`: the server's lease is alive and it is registered; `lost`: etcd is out of reach. */
export type CoordinatorState = 'connected' | 'lost'

/** How a server joins its deployment's coordination. */
export interface CoordinatorOptions {
  /** etcd client URLs (`http://host:2379`), every member of the etcd cluster. */
  endpoints: string[]
  /** Names the deployment: its keys live under `silo/<deploymentId>/` in etcd. */
  deploymentId: string
  /** This server: a member ID unique in the deployment, and the URL the others reach it at. */
  self: { id: string; url: string }
  /** The lease's TTL: how long after this server dies the others see it gone. Default 10 s. */
  leaseTtlSeconds?: number
  /** The deadline of each etcd call; past it the call fails (no quorum). Default 2.5 s. */
  requestTimeoutMs?: number
  /** How long connect() waits for etcd. Default 15 s. */
  connectTimeoutMs?: number
  logger: Logger
}

const NAME = /^[A-Za-z0-9._:-]{1,128}$/

/**
 * The etcd client's fault handling, tuned to notice etcd's return quickly. Its defaults shut a
 * member out for 5 s after three failed calls, and during an election or a lost quorum every
 * member fails calls, so all stayed shut for 5 s after etcd was back (past a 2 s lease: seen in
 * the tests); and its watch reconnects backed off to 30 s.
 */
const FAULT_HANDLING = {
  host: () =>
    circuitBreaker(handleWhen(isRecoverableError), {
      halfOpenAfter: 500,
      breaker: new ConsecutiveBreaker(3),
    }),
  watchBackoff: watchBackoff(100),
}

/** Watch reconnects back off 100 ms doubling to 2 s. */
function watchBackoff(ms: number): { duration: number; next(): ReturnType<typeof watchBackoff> } {
  return { duration: ms, next: () => watchBackoff(Math.min(2000, ms * 2)) }
}

/**
 * A server's link to the etcd cluster that coordinates its deployment (issue 17), every key
 * under `silo/<deploymentId>/`:
 *
 * - `members/<id>` → `{ id, url, startedAt }`, bound to the server's lease (MemberLease): the
 *   membership, watched by every server (`members()`, `onMembers`). When the lease is lost the
 *   state turns `lost`; a new lease is granted and the server registers again by itself.
 * - `notices/<topic>` → payload: `publish()` puts it, and every server's `onNotice(topic)`
 *   handlers run, the publisher's included (all deliveries come through the watch).
 * - `state/<key>`: small, rare state (`get`, `put`, `delete`), linearizable.
 * - `slots/<n>` and `slot-claims/<n>`: lock slot ownership (DistributedLocks).
 *
 * Every etcd call has a deadline (`requestTimeoutMs`) and fails with
 * CoordinationUnavailableError past it, so a lost quorum answers quickly.
 *
 * @example
 * const coordinator = await Coordinator.connect({
 *   endpoints: ['http://10.0.0.1:2379'], deploymentId: 'prod',
 *   self: { id: 'n1', url: 'http://10.0.0.11:9000' }, logger,
 * })
 * coordinator.onNotice('iam', () => void reloadIam())
 * await coordinator.publish('iam')
 */
export class Coordinator {
  readonly self: { id: string; url: string }
  /** The etcd key prefix of the deployment. */
  readonly prefix: string
  /** For src/server/cluster's own modules: the etcd client, scoped to the prefix. */
  readonly etcd: Namespace
  /** For src/server/cluster's own modules: the lease this server's keys are bound to. */
  readonly lease: MemberLease
  readonly requestTimeoutMs: number
  readonly #client: Etcd3
  readonly #logger: Logger
  readonly #record: string
  #state: CoordinatorState = 'lost'
  #mirrors: PrefixMirror[] = []
  #members: PrefixMirror | undefined
  readonly #stateListeners = new Set<(state: CoordinatorState) => void>()
  readonly #memberListeners = new Set<(members: ClusterMember[]) => void>()
  readonly #noticeListeners = new Map<string, Set<(payload: string) => void>>()
  #closed = false

  private constructor(options: CoordinatorOptions) {
    this.self = { ...options.self }
    this.prefix = `silo/${options.deploymentId}/`
    this.requestTimeoutMs = options.requestTimeoutMs ?? 2500
    this.#logger = options.logger
    this.#client = new Etcd3({ hosts: options.endpoints, faultHandling: FAULT_HANDLING })
    this.etcd = this.#client.namespace(this.prefix)
    this.lease = new MemberLease(this.#client, {
      ttlSeconds: options.leaseTtlSeconds ?? 10,
      requestTimeoutMs: this.requestTimeoutMs,
      logger: options.logger,
    })
    this.#record = JSON.stringify({ ...this.self, startedAt: new Date().toISOString() })
  }

  /**
   * Connects to etcd, registers this server and starts watching members and notices; fails
   * with CoordinationUnavailableError when etcd does not answer within `connectTimeoutMs`.
   */
  static async connect(options: CoordinatorOptions): Promise<Coordinator> {
    for (const [what, value] of [
      ['deploymentId', options.deploymentId],
      ['self.id', options.self.id],
    ]) {
      if (!NAME.test(value!))
        throw new TypeError(`${what} must be 1-128 of A-Z a-z 0-9 . _ : - (got "${value}")`)
    }
    if (options.endpoints.length === 0) throw new TypeError('endpoints: at least one etcd URL is needed')
    const coordinator = new Coordinator(options)
    try {
      await coordinator.#open(options.connectTimeoutMs ?? 15_000)
    } catch (e) {
      await coordinator.close()
      throw e
    }
    return coordinator
  }

  /** Whether this server is registered under a live lease now. */
  get state(): CoordinatorState {
    return this.#state
  }

  /** Calls `fn` on every change of state; returns the unsubscribe function. */
  onState(fn: (state: CoordinatorState) => void): () => void {
    return subscribe(this.#stateListeners, fn)
  }

  /** The live members as this server's watch last saw them, by ID. */
  members(): ClusterMember[] {
    const members: ClusterMember[] = []
    for (const entry of this.#members?.entries.values() ?? []) {
      try {
        members.push(JSON.parse(entry.value) as ClusterMember)
      } catch {
        // Not a record this code wrote: not a member.
      }
    }
    return members.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
  }

  /** Calls `fn` with the members after every change; returns the unsubscribe function. */
  onMembers(fn: (members: ClusterMember[]) => void): () => void {
    return subscribe(this.#memberListeners, fn)
  }

  /** Tells every server (this one too) that `topic` changed; `payload` is passed along. */
  async publish(topic: string, payload = ''): Promise<void> {
    if (topic === '') throw new TypeError('publish: the topic is empty')
    await callEtcd(`publish ${topic}`, this.requestTimeoutMs, ({ deadline }) =>
      this.etcd.put(`notices/${topic}`).value(payload).options({ deadline }).exec(),
    )
  }

  /** Calls `fn` with the payload whenever any server publishes `topic`; returns the unsubscribe. */
  onNotice(topic: string, fn: (payload: string) => void): () => void {
    const listeners = this.#noticeListeners.get(topic) ?? new Set()
    this.#noticeListeners.set(topic, listeners)
    return subscribe(listeners, fn)
  }

  /** The value of small state `key`, or undefined (a linearizable read). */
  async get(key: string): Promise<string | undefined> {
    const value = await callEtcd(`get ${key}`, this.requestTimeoutMs, ({ deadline }) =>
      this.etcd.get(`state/${key}`).options({ deadline }).string(),
    )
    return value ?? undefined
  }

  /** Sets small state `key`. */
  async put(key: string, value: string): Promise<void> {
    await callEtcd(`put ${key}`, this.requestTimeoutMs, ({ deadline }) =>
      this.etcd.put(`state/${key}`).value(value).options({ deadline }).exec(),
    )
  }

  /** Deletes small state `key` (nothing when absent). */
  async delete(key: string): Promise<void> {
    await callEtcd(`delete ${key}`, this.requestTimeoutMs, ({ deadline }) =>
      this.etcd.delete().key(`state/${key}`).options({ deadline }).exec(),
    )
  }

  /** For src/server/cluster's own modules: mirrors `prefix` (relative to the deployment's). */
  async mirror(prefix: string, handlers: MirrorHandlers): Promise<PrefixMirror> {
    const mirror = await PrefixMirror.open(this.etcd, prefix, handlers, {
      requestTimeoutMs: this.requestTimeoutMs,
      logger: this.#logger,
    })
    this.#mirrors.push(mirror)
    return mirror
  }

  /** Revokes the lease (this server's keys go at once), stops the watches, closes the client. */
  async close(): Promise<void> {
    if (this.#closed) return
    this.#closed = true
    this.#stateListeners.clear()
    this.#memberListeners.clear()
    this.#noticeListeners.clear()
    await Promise.all(this.#mirrors.map((m) => m.close().catch(() => undefined)))
    await this.lease.close()
    this.#client.close()
  }

  async #open(timeoutMs: number): Promise<void> {
    const until = performance.now() + timeoutMs
    const connected = new Promise<void>((resolve) => {
      const off = this.onState((state) => {
        if (state !== 'connected') return
        off()
        resolve()
      })
    })
    this.lease.onChange((id) => (id === undefined ? this.#setState('lost') : void this.#register(id)))
    this.lease.start()
    const members = () => this.#notifyAll(this.#memberListeners, this.members())
    ;[this.#members] = await Promise.all([
      retryUntil(until, () => this.mirror('members/', { onPut: members, onDelete: members })),
      retryUntil(until, () =>
        this.mirror('notices/', {
          onPut: (topic, entry) => this.#notifyAll(this.#noticeListeners.get(topic), entry.value),
        }),
      ),
    ])
    let timer: NodeJS.Timeout | undefined
    const expired = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('not registered')), Math.max(0, until - performance.now()))
    })
    try {
      await Promise.race([connected, expired])
    } catch (e) {
      throw new CoordinationUnavailableError('connect', timeoutMs, e)
    } finally {
      clearTimeout(timer)
    }
  }

  /** Puts this server's member record under lease `leaseId`, retrying while the lease lives. */
  async #register(leaseId: string): Promise<void> {
    for (let attempt = 0; !this.#closed && this.lease.isValid(leaseId); attempt++) {
      try {
        await callEtcd('register', this.requestTimeoutMs, ({ deadline }) =>
          this.etcd
            .put(`members/${this.self.id}`)
            .value(this.#record)
            .lease(leaseId)
            .options({ deadline })
            .exec(),
        )
        if (this.lease.isValid(leaseId)) this.#setState('connected')
        return
      } catch (e) {
        if (attempt === 0) this.#logger.warn(`cluster: cannot register ${this.self.id}, retrying: ${e}`)
        await new Promise((resolve) => setTimeout(resolve, 200))
      }
    }
  }

  #setState(state: CoordinatorState): void {
    if (state === this.#state || this.#closed) return
    this.#state = state
    if (state === 'connected') this.#logger.info(`cluster: ${this.self.id} registered in ${this.prefix}`)
    else
      this.#logger.warn(`cluster: ${this.self.id} lost its etcd lease; it registers again once etcd answers`)
    this.#notifyAll(this.#stateListeners, state)
  }

  #notifyAll<T>(listeners: Set<(value: T) => void> | undefined, value: T): void {
    for (const fn of listeners ?? []) {
      try {
        fn(value)
      } catch (e) {
        this.#logger.error('cluster: a listener failed', e)
      }
    }
  }
}

function subscribe<T>(listeners: Set<T>, fn: T): () => void {
  listeners.add(fn)
  return () => listeners.delete(fn)
}

/** Runs `open` until it succeeds or `until` (performance.now()) passes; then its last error. */
async function retryUntil<T>(until: number, open: () => Promise<T>): Promise<T> {
  for (;;) {
    try {
      return await open()
    } catch (e) {
      if (performance.now() + 200 >= until) throw e
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
  }
}
