import type { IKeyValue, Namespace, Watcher } from 'etcd3'
import type { Logger } from '../logger.js'
import { callEtcd } from './call-etcd.js'

/** A key under a mirrored prefix as etcd holds it. */
export interface MirroredEntry {
  value: string
  /** The lease the key is bound to ('0' when none). */
  lease: string
  modRevision: string
}

/** Called for each change after the first read; keys are relative to the prefix. */
export interface MirrorHandlers {
  onPut?(key: string, entry: MirroredEntry): void
  onDelete?(key: string): void
}

/** How long close() waits for etcd to confirm a watch's cancel. */
const CANCEL_WAIT_MS = 1000

/**
 * Every key under a prefix, kept current by a watch (started first) and reads: each key keeps
 * the revision of its last change, so a read and the watch may deliver in any order and the
 * later state of a key wins. The prefix is read again after every reconnect of the watch: etcd3
 * resumes a broken watch from the revision of its last message, and when the stream breaks
 * while etcd still owes the watch older events, those are lost (seen in the tests when an etcd
 * member was killed). That read reports what changed as puts and deletes, so handlers see every
 * key's latest value across any gap; the same when etcd cancels the watch (history compacted).
 */
export class PrefixMirror {
  readonly #client: Namespace
  readonly #prefix: string
  readonly #handlers: MirrorHandlers
  readonly #timeoutMs: number
  readonly #logger: Logger
  readonly #entries = new Map<string, MirroredEntry>()
  /** Revision of the deletion of keys deleted since the last read. */
  readonly #deleted = new Map<string, bigint>()
  #watcher: Watcher | undefined
  #reading: Promise<void> | undefined
  /** Handlers hear of changes once the first read is in (open() has resolved). */
  #opened = false
  #closed = false

  private constructor(
    client: Namespace,
    prefix: string,
    handlers: MirrorHandlers,
    timeoutMs: number,
    logger: Logger,
  ) {
    this.#client = client
    this.#prefix = prefix
    this.#handlers = handlers
    this.#timeoutMs = timeoutMs
    this.#logger = logger
  }

  /** Watches and reads `prefix`; fails with CoordinationUnavailableError. */
  static async open(
    client: Namespace,
    prefix: string,
    handlers: MirrorHandlers,
    options: { requestTimeoutMs: number; logger: Logger },
  ): Promise<PrefixMirror> {
    const mirror = new PrefixMirror(client, prefix, handlers, options.requestTimeoutMs, options.logger)
    try {
      await mirror.#watch()
      await mirror.#read(false)
      mirror.#opened = true
    } catch (e) {
      await mirror.close()
      throw e
    }
    return mirror
  }

  /** The keys now (relative to the prefix). */
  get entries(): ReadonlyMap<string, MirroredEntry> {
    return this.#entries
  }

  /**
   * Stops watching, once: etcd3 waits forever for the end of a watch cancelled twice. Its
   * cancel waits for etcd's answer on the shared watch stream, which may never come (seen when a
   * server stops: the stream was being re-established); closing the client ends the watch
   * anyway, so the wait is bounded.
   */
  async close(): Promise<void> {
    if (this.#closed) return
    this.#closed = true
    const cancelled = this.#watcher?.cancel().catch(() => undefined)
    let timer: NodeJS.Timeout | undefined
    const bounded = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, CANCEL_WAIT_MS)
    })
    await Promise.race([cancelled, bounded])
    clearTimeout(timer)
  }

  /** Starts a watch of the prefix (from now) and resolves once etcd has created it. */
  async #watch(): Promise<void> {
    const watcher = this.#client.watch().prefix(this.#prefix).watcher()
    this.#watcher = watcher
    watcher.on('put', (kv) => this.#apply(this.#keyOf(kv), BigInt(kv.mod_revision), kv, this.#opened))
    watcher.on('delete', (kv) =>
      this.#apply(this.#keyOf(kv), BigInt(kv.mod_revision), undefined, this.#opened),
    )
    watcher.on('error', (e) => void this.#restart(watcher, e))
    await callEtcd(`watch ${this.#prefix}`, this.#timeoutMs, async () => {
      await new Promise<void>((resolve) => watcher.once('connected', () => resolve()))
    }).catch(async (e) => {
      await watcher.cancel().catch(() => undefined)
      throw e
    })
    // Every later 'connected' is a reconnect: read again (see the class comment).
    watcher.on('connected', () => void this.#readAgain())
  }

  /** Reads the prefix; reports (when `report`) the difference with what the mirror holds. */
  async #read(report: boolean): Promise<void> {
    const res = await callEtcd(`read ${this.#prefix}`, this.#timeoutMs, ({ deadline }) =>
      this.#client.getAll().prefix(this.#prefix).options({ deadline }).exec(),
    )
    const revision = BigInt(res.header.revision)
    const seen = new Set<string>()
    for (const kv of res.kvs) {
      const key = this.#keyOf(kv)
      seen.add(key)
      this.#apply(key, BigInt(kv.mod_revision), kv, report)
    }
    // Absent from a read at `revision`: deleted at that revision or before.
    for (const key of [...this.#entries.keys()])
      if (!seen.has(key)) this.#apply(key, revision, undefined, report)
    // A read at or past a deletion cannot show the key again: its tombstone has done its work.
    for (const [key, deletedAt] of this.#deleted) if (deletedAt <= revision) this.#deleted.delete(key)
  }

  /** Reads again until etcd answers (one read at a time), unless closed. */
  #readAgain(): Promise<void> {
    this.#reading ??= (async () => {
      for (let attempt = 1; !this.#closed; attempt++) {
        try {
          return await this.#read(true)
        } catch {
          await new Promise((resolve) => setTimeout(resolve, Math.min(2000, 200 * attempt)))
        }
      }
    })().finally(() => {
      this.#reading = undefined
    })
    return this.#reading
  }

  /** etcd cancelled the watch: a new one, then a new read. */
  async #restart(watcher: Watcher, error: unknown): Promise<void> {
    if (this.#closed || watcher !== this.#watcher) return
    this.#logger.warn(`cluster: watch of ${this.#prefix} cancelled (${error}); watching and reading it again`)
    void watcher.cancel().catch(() => undefined)
    for (let attempt = 1; !this.#closed; attempt++) {
      try {
        await this.#watch()
        return await this.#readAgain()
      } catch {
        await new Promise((resolve) => setTimeout(resolve, Math.min(2000, 200 * attempt)))
      }
    }
  }

  #keyOf(kv: IKeyValue): string {
    return kv.key.toString().slice(this.#prefix.length)
  }

  /**
   * Applies a put (`kv`) or a delete of `key` at `revision` unless the mirror knows a later
   * state of the key: a read may be served at a revision older than a watch event that came
   * in while it was under way, and must not undo it (a deleted key's tombstone covers deletes).
   */
  #apply(key: string, revision: bigint, kv: IKeyValue | undefined, report: boolean): void {
    const current = this.#entries.get(key)
    const known = current ? BigInt(current.modRevision) : (this.#deleted.get(key) ?? 0n)
    if (revision <= known) return
    if (kv) {
      const entry = { value: kv.value.toString(), lease: kv.lease, modRevision: kv.mod_revision }
      this.#entries.set(key, entry)
      this.#deleted.delete(key)
      if (report) this.#report(() => this.#handlers.onPut?.(key, entry))
      return
    }
    this.#deleted.set(key, revision)
    if (!current) return
    this.#entries.delete(key)
    if (report) this.#report(() => this.#handlers.onDelete?.(key))
  }

  /** A handler's error is logged: thrown inside the etcd client's event it would end the process. */
  #report(call: () => void): void {
    try {
      call()
    } catch (e) {
      this.#logger.error(`cluster: a handler of ${this.#prefix} failed`, e)
    }
  }
}
