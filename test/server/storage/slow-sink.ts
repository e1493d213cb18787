import { EventEmitter } from 'node:events'
import type { BodySink } from '../../../src/server/storage/object-layer.js'

/**
 * A response whose bytes "leave" only when a write's callback runs, as a socket's do: it keeps
 * the chunks it was given and copies them when it flushes (two queued: it reports backpressure
 * and flushes a few ms later; at the end: at once). A buffer reused before its callback shows up
 * as wrong bytes.
 */
export class SlowSink extends EventEmitter implements BodySink {
  destroyed = false
  ended = false
  readonly sent: Buffer[] = []
  #queued: Array<{ chunk: Uint8Array; callback: (error?: Error | null) => void }> = []

  write(chunk: Uint8Array, callback: (error?: Error | null) => void): boolean {
    this.#queued.push({ chunk, callback })
    if (this.#queued.length < 2) return true
    setTimeout(() => this.#flush(), 5)
    return false
  }

  #flush(): void {
    for (const { chunk, callback } of this.#queued.splice(0)) {
      if (this.destroyed) {
        callback(new Error('closed'))
        continue
      }
      this.sent.push(Buffer.from(chunk))
      callback()
    }
    if (!this.destroyed) this.emit('drain')
  }

  end(): void {
    this.#flush()
    this.ended = true
  }

  close(): void {
    this.destroyed = true
    this.emit('close')
  }
}
