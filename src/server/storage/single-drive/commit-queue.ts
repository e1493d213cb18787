import type { Database, Key, RootDatabase } from 'lmdb'
import { causeOfFailedWrite } from './meta-store.js'

/**
 * Reads and writes inside one commit. Reads see earlier writes of the same batch, which LMDB's
 * own reads would not: queued lmdb-js writes become visible only when their transaction commits.
 */
export interface CommitView {
  get<V>(db: Database<V, Key>, key: Key): V | undefined
  put<V>(db: Database<V, Key>, key: Key, value: V): void
  remove(db: Database<unknown, Key>, key: Key): void
  /**
   * Runs `callback` once this commit is durable (flushed, when the queue awaits flushes), before
   * any mutation of the batch resolves, in the order registered: callbacks of one batch, then
   * of the next. Not run when the commit fails. It must not throw.
   */
  afterCommit(callback: () => void): void
}

/**
 * A change to metadata: reads through the view, decides, then writes. It must not throw after
 * its first write (validate first), because its writes cannot be taken back: the batch's later
 * mutations may have read them, and they are committed with the batch.
 */
export type Mutation<R> = (view: CommitView) => R

interface Pending {
  mutation: Mutation<unknown>
  exclusive: boolean
  resolve: (value: unknown) => void
  reject: (error: unknown) => void
}

const REMOVED = Symbol('removed')

/**
 * Most mutations one commit applies. LMDB copies every page a commit changes, so a commit's
 * need for free space grows with its batch: 1,000 deletes spread over 20,000 (100,000) small
 * objects took 6.3 (7.2) MiB of free space as one commit, nearly all a full drive keeps
 * (free-space.ts: 8 MiB at least), and 2.5 MiB as batches of 256, whose freed pages later
 * batches reuse. A batch still shares one fsync among 256 writers.
 */
const MAX_BATCH = 256

/**
 * Group commit for a single writer process. Mutations queued while a commit is in flight are
 * applied together in the next one: lmdb-js puts issued in one event turn share one LMDB
 * transaction, so a batch is atomic and costs one commit (one fsync) however many PUTs it holds.
 * We do not use lmdb-js's async `transaction()` callbacks: they need N-API thread-safe calls,
 * which hang on some hosts (kriszyp/lmdb-js#259), and `transactionSync` would block the event
 * loop for the fsync.
 */
export class CommitQueue {
  readonly #env: RootDatabase
  readonly #awaitFlush: boolean
  readonly #explain: (error: unknown) => Promise<unknown>
  #pending: Pending[] = []
  #draining: Promise<void> | undefined

  /**
   * `awaitFlush`: resolve only once the commit is flushed to disk, not just visible.
   * `explainFailure`: what a failed commit's mutations reject with, given the failure's cause
   * (e.g. 507 XSiloStorageFull for a disk out of space); default the cause itself.
   */
  constructor(
    env: RootDatabase,
    options: { awaitFlush: boolean; explainFailure?: (error: unknown) => Promise<unknown> },
  ) {
    this.#env = env
    this.#awaitFlush = options.awaitFlush
    this.#explain = options.explainFailure ?? (async (error) => error)
  }

  /**
   * Applies `mutation` in the next commit and resolves with its result once committed.
   * `exclusive` runs it alone in its batch: for checks the view cannot answer, such as
   * "is this bucket empty" (a range scan does not see the batch's own writes).
   */
  run<R>(mutation: Mutation<R>, options: { exclusive?: boolean } = {}): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      const exclusive = options.exclusive ?? false
      this.#pending.push({ mutation, exclusive, resolve: resolve as (v: unknown) => void, reject })
      this.#draining ??= this.#drain()
    })
  }

  /** Resolves when every queued mutation has committed. */
  async idle(): Promise<void> {
    while (this.#draining) await this.#draining
  }

  async #drain(): Promise<void> {
    // Let the rest of this event turn queue its mutations first, so they share the commit.
    await new Promise((resolve) => setImmediate(resolve))
    while (this.#pending.length > 0) await this.#commit(this.#takeBatch())
    this.#draining = undefined
  }

  #takeBatch(): Pending[] {
    const first = this.#pending[0]!
    if (first.exclusive) return this.#pending.splice(0, 1)
    const end = this.#pending.findIndex((p) => p.exclusive)
    return this.#pending.splice(0, Math.min(MAX_BATCH, end < 0 ? this.#pending.length : end))
  }

  async #commit(batch: Pending[]): Promise<void> {
    const { view, flush, callbacks } = createView()
    const outcomes = batch.map((p) => settle(() => p.mutation(view)))
    const writes = flush()
    try {
      // All writes are awaited, not just the last: when a commit fails each write's promise
      // rejects, and one left without a handler is an unhandled rejection, which ends the process.
      // A batch that wrote nothing has nothing to wait for: earlier batches flushed before it ran.
      if (writes.length > 0) {
        await Promise.all([...writes, this.#claimTurnCommit()])
        if (this.#awaitFlush) await this.#env.flushed
      }
    } catch (error) {
      // A failed commit (LMDB out of disk space, an I/O error) wrote none of the batch: every
      // mutation of it fails, and the queue goes on with the next batch.
      const answer = await this.#explain(await causeOfFailedWrite(error)).catch(() => error)
      for (const p of batch) p.reject(answer)
      return
    }
    for (const callback of callbacks) {
      // A callback that throws (a bug) must not stall the queue: the batch is committed and its
      // mutations resolve. (An outbox entry whose callback failed stays for the next start.)
      try {
        callback()
      } catch {}
    }
    batch.forEach((p, i) => {
      const outcome = outcomes[i]!
      if (outcome.ok) p.resolve(outcome.value)
      else p.reject(outcome.error)
    })
  }

  /**
   * lmdb-js opens each event turn's transaction with an instruction of its own (write.js, the
   * event-turn batch start) whose promise nobody holds: when the commit fails, that promise
   * rejects unhandled, which ends the process. Once the turn's task has run (a setImmediate
   * queued by our first write, so before ours) it is the store's current commit promise, and
   * awaiting the public `committed` gives it a handler. Same transaction, so no extra wait.
   * Only after writes: with none, `committed` may still be an earlier, failed commit's promise.
   */
  async #claimTurnCommit(): Promise<void> {
    await new Promise((resolve) => setImmediate(resolve))
    await this.#env.committed
  }
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown }

function settle(fn: () => unknown): Outcome {
  try {
    return { ok: true, value: fn() }
  } catch (error) {
    return { ok: false, error }
  }
}

/**
 * A view whose writes collect in an overlay (later reads of the batch see them) and go to LMDB
 * at `flush`, once the batch's mutations ran: one write per key with its last value, so a value
 * every mutation of a batch updates (the drive's byte counter) is encoded and written once per
 * commit rather than once per mutation. Flushed in the same event turn as the mutations ran, the
 * writes share one transaction and settle together.
 */
function createView(): { view: CommitView; flush: () => Promise<unknown>[]; callbacks: (() => void)[] } {
  const overlay = new Map<Database<unknown, Key>, Map<string, { key: Key; value: unknown }>>()
  const callbacks: (() => void)[] = []
  const layer = (db: Database<unknown, Key>) => {
    let map = overlay.get(db)
    if (!map) {
      map = new Map()
      overlay.set(db, map)
    }
    return map
  }
  const view: CommitView = {
    get<V>(db: Database<V, Key>, key: Key): V | undefined {
      const entry = overlay.get(db as Database<unknown, Key>)?.get(overlayId(key))
      if (entry) return entry.value === REMOVED ? undefined : (entry.value as V)
      return db.get(key)
    },
    put<V>(db: Database<V, Key>, key: Key, value: V): void {
      layer(db as Database<unknown, Key>).set(overlayId(key), { key, value })
    },
    remove(db: Database<unknown, Key>, key: Key): void {
      layer(db).set(overlayId(key), { key, value: REMOVED })
    },
    afterCommit(callback) {
      callbacks.push(callback)
    },
  }
  const flush = () => {
    const writes: Promise<unknown>[] = []
    for (const [db, map] of overlay) {
      for (const { key, value } of map.values()) {
        writes.push(value === REMOVED ? db.remove(key) : db.put(key, value))
      }
    }
    return writes
  }
  return { view, flush, callbacks }
}

function overlayId(key: Key): string {
  if (typeof key === 'string') return 's' + key
  // A view of the key's bytes, not a copy (Buffer.from(Uint8Array) would copy them).
  if (key instanceof Uint8Array)
    return 'b' + Buffer.from(key.buffer, key.byteOffset, key.byteLength).toString('latin1')
  return 'j' + JSON.stringify(key)
}
