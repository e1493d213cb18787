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
 * Every key under a prefix, read once (linearizable) and then kept current by a watch that
 * starts right after that read's revision, so no change between the two is missed. The etcd
 * client resumes a broken watch from its last revision; if etcd cancels the watch (its history
 * compacted past that revision) the mirror reads the prefix again and reports the difference as
 * puts and deletes, so a handler sees every key's latest value even across the gap.
 */
export class PrefixMirror {
  readonly #client: Namespace
  readonly #prefix: string
  readonly #handlers: MirrorHandlers
  readonly #timeoutMs: number
  readonly #logger: Logger
  readonly #entries = new Map<string, MirroredEntry>()
  #watcher: Watcher | undefined
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

  /** Reads `prefix` and starts watching it; fails with CoordinationUnavailableError. */
  static async open(
    client: Namespace,
    prefix: string,
    handlers: MirrorHandlers,
    options: { requestTimeoutMs: number; logger: Logger },
  ): Promise<PrefixMirror> {
    const mirror = new PrefixMirror(client, prefix, handlers, options.requestTimeoutMs, options.logger)
    await mirror.#sync(false)
    return mirror
  }

  /** The keys now (relative to the prefix). */
  get entries(): ReadonlyMap<string, MirroredEntry> {
    return this.#entries
  }

  /**
   * Stops watching. etcd3's cancel waits for etcd's answer on the shared watch stream, which
   * may never come (seen when a server stops: the stream was being re-established); closing the
   * client ends the watch anyway, so the wait is bounded.
   */
  async close(): Promise<void> {
    this.#closed = true
    const cancelled = this.#watcher?.cancel().catch(() => undefined)
    let timer: NodeJS.Timeout | undefined
    const bounded = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, CANCEL_WAIT_MS)
    })
    await Promise.race([cancelled, bounded])
    clearTimeout(timer)
  }

  /** Reads the prefix, reports what changed since the map (when `report`), and watches on. */
  async #sync(report: boolean): Promise<void> {
    const res = await callEtcd(`read ${this.#prefix}`, this.#timeoutMs, ({ deadline }) =>
      this.#client.getAll().prefix(this.#prefix).options({ deadline }).exec(),
    )
    const seen = new Set<string>()
    for (const kv of res.kvs) {
      const key = this.#keyOf(kv)
      seen.add(key)
      this.#set(key, kv, report)
    }
    for (const key of [...this.#entries.keys()]) if (!seen.has(key)) this.#delete(key, report)
    const watcher = this.#client
      .watch()
      .prefix(this.#prefix)
      .startRevision(String(BigInt(res.header.revision) + 1n))
      .watcher()
    watcher.on('put', (kv) => this.#set(this.#keyOf(kv), kv, true))
    watcher.on('delete', (kv) => this.#delete(this.#keyOf(kv), true))
    watcher.on('error', (e) => void this.#resync(watcher, e))
    this.#watcher = watcher
    if (this.#closed) await watcher.cancel()
  }

  async #resync(watcher: Watcher, error: unknown): Promise<void> {
    if (this.#closed || watcher !== this.#watcher) return
    this.#logger.warn(`cluster: watch of ${this.#prefix} cancelled (${error}); reading it again`)
    void watcher.cancel().catch(() => undefined)
    for (let attempt = 1; !this.#closed; attempt++) {
      try {
        return await this.#sync(true)
      } catch {
        await new Promise((resolve) => setTimeout(resolve, Math.min(2000, 200 * attempt)))
      }
    }
  }

  #keyOf(kv: IKeyValue): string {
    return kv.key.toString().slice(this.#prefix.length)
  }

  #set(key: string, kv: IKeyValue, report: boolean): void {
    if (this.#entries.get(key)?.modRevision === kv.mod_revision) return
    const entry = { value: kv.value.toString(), lease: kv.lease, modRevision: kv.mod_revision }
    this.#entries.set(key, entry)
    if (report) this.#report(() => this.#handlers.onPut?.(key, entry))
  }

  #delete(key: string, report: boolean): void {
    if (!this.#entries.delete(key)) return
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
