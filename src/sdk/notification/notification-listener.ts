/**
 * The emitter `listenBucketNotification` returns: one long GET per connection, newline-delimited
 * `{"Records":[...]}` objects, reconnection with backoff and jitter.
 */
import { EventEmitter } from 'eventemitter3'
import type { BodyStream, WireResponse } from '../platform/types.js'
import { splitJsonLines } from './json-lines.js'

/**
 * One event record as the server sends it (`eventName`, `eventTime`, `s3.bucket.name`,
 * `s3.object.key`, ...).
 * @example
 * listener.on('notification', (record: NotificationRecord) => console.log(record.eventName, record.s3.object.key))
 */
export type NotificationRecord = Record<string, unknown> & {
  eventName: string
  eventTime: string
  s3: { bucket: { name: string }; object: { key: string; size?: number; eTag?: string } } & Record<
    string,
    unknown
  >
}

/** Events a `NotificationListener` emits. */
export interface NotificationListenerEvents {
  notification: [record: NotificationRecord]
  error: [error: Error]
}

/** Reconnection timing (defaults: first retry after 0.2–0.4 s, doubling up to 30 s). */
export interface ListenBackoffOptions {
  initialMs?: number
  maxMs?: number
  random?: () => number
}

/** Opens one listen request; `signal` aborts it (and its body). */
export type OpenListenRequest = (signal: AbortSignal) => Promise<WireResponse>

/**
 * Listens for bucket events: emits `notification` once per record and `error` when a request
 * fails or a line cannot be parsed. After the connection ends or a request fails it reconnects
 * with exponential backoff and jitter (minio-js stops for good on the first error); a `400`
 * answer (the request itself is wrong, e.g. an unknown event name) is final. `stop()` closes the
 * connection at once.
 * @example
 * const listener = client.listenBucketNotification('photos', '', '.jpg', ['s3:ObjectCreated:*'])
 * listener.on('notification', (record) => console.log(record.s3.object.key))
 * listener.stop()
 */
export class NotificationListener extends EventEmitter<NotificationListenerEvents> {
  readonly #open: OpenListenRequest
  readonly #backoff: Required<ListenBackoffOptions>
  #stopped = false
  #running = false
  #controller: AbortController | undefined

  constructor(open: OpenListenRequest, backoff: ListenBackoffOptions = {}) {
    super()
    this.#open = open
    this.#backoff = { initialMs: 200, maxMs: 30_000, random: Math.random, ...backoff }
  }

  /**
   * Starts listening (called for you on the next tick by `listenBucketNotification`).
   * @example
   * listener.start()
   */
  start(): void {
    if (this.#running || this.#stopped) return
    this.#running = true
    void this.#loop()
  }

  /**
   * Stops listening and closes the connection now; no event is emitted afterwards.
   * @example
   * listener.stop()
   */
  stop(): void {
    this.#stopped = true
    this.#controller?.abort()
  }

  /** Whether `stop()` was called or a final error ended listening. */
  get stopped(): boolean {
    return this.#stopped
  }

  async #loop(): Promise<void> {
    for (let attempt = 0; !this.#stopped; ) {
      const controller = new AbortController()
      this.#controller = controller
      try {
        const res = await this.#open(controller.signal)
        attempt = 0 // connected: the next drop starts the backoff afresh
        await this.#read(await res.stream(), controller.signal)
      } catch (error) {
        if (this.#stopped) break
        this.emit('error', error as Error)
        if ((error as { statusCode?: number }).statusCode === 400) {
          this.#stopped = true
          break
        }
      }
      if (this.#stopped) break
      await sleep(this.#delay(attempt++), controller.signal)
    }
    this.#running = false
  }

  async #read(stream: BodyStream, signal: AbortSignal): Promise<void> {
    const onAbort = () => stream.destroy()
    signal.addEventListener('abort', onAbort, { once: true })
    try {
      for await (const value of splitJsonLines(stream)) {
        if (this.#stopped) return
        if (value instanceof Error) {
          this.emit('error', value)
          continue
        }
        const records = (value as { Records?: unknown } | null)?.Records
        if (!Array.isArray(records)) continue // keep-alive or other non-event object
        for (const record of records) {
          if (this.#stopped) return
          this.emit('notification', record as NotificationRecord)
        }
      }
    } finally {
      signal.removeEventListener('abort', onAbort)
    }
  }

  // Equal jitter: [ceiling/2, ceiling), the ceiling doubling per failed attempt.
  #delay(attempt: number): number {
    const { initialMs, maxMs, random } = this.#backoff
    const ceiling = Math.min(maxMs, initialMs * 2 ** Math.min(attempt + 1, 30))
    return ceiling / 2 + random() * (ceiling / 2)
  }
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms)
    // Stopping during the wait ends it at once. (This attempt's controller aborts only on stop.)
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer)
        resolve()
      },
      { once: true },
    )
  })
}
