/** How long spares are kept without a take: an idle server does not hold them. */
const IDLE_MS = 10_000

/**
 * Large buffers kept for reuse, by exact size, up to `maxBytes` in all. A big transfer allocating
 * a fresh buffer per read or block made V8 run a full mark-compact every few tens of MiB
 * ("external memory pressure"): the largest cost of a big GET or erasure PUT (issue 18). A
 * buffer is given back only once nothing refers to its bytes any more (a socket write's callback
 * fired, every drive wrote it); one never given back is simply collected. Spares not taken for
 * IDLE_MS are dropped.
 */
export class BufferPool {
  readonly #spare = new Map<number, Buffer[]>()
  #bytes = 0
  #used = false
  #idleTimer: NodeJS.Timeout | undefined

  constructor(readonly maxBytes: number) {}

  /** A buffer of exactly `size` bytes, its content undefined: a spare one, or a new one. */
  take(size: number): Buffer {
    this.#used = true
    const spare = this.#spare.get(size)?.pop()
    if (!spare) return Buffer.allocUnsafeSlow(size)
    this.#bytes -= size
    return spare
  }

  /**
   * Keeps `buffer` (a whole buffer from take) for a later take. When full, spares of other sizes
   * make room first (the transfers going on now ask for this size); else it is dropped.
   */
  give(buffer: Buffer): void {
    const size = buffer.length
    if (size > this.maxBytes) return
    for (const [other, list] of this.#spare) {
      if (this.#bytes + size <= this.maxBytes) break
      if (other === size) continue
      while (list.length > 0 && this.#bytes + size > this.maxBytes) {
        list.pop()
        this.#bytes -= other
      }
      if (list.length === 0) this.#spare.delete(other)
    }
    if (this.#bytes + size > this.maxBytes) return
    const list = this.#spare.get(size)
    if (list) list.push(buffer)
    else this.#spare.set(size, [buffer])
    this.#bytes += size
    this.#idleTimer ??= setTimeout(() => this.#dropIfIdle(), IDLE_MS).unref()
  }

  /** Bytes held as spares (for tests). */
  get spareBytes(): number {
    return this.#bytes
  }

  #dropIfIdle(): void {
    this.#idleTimer = undefined
    if (this.#used) {
      this.#used = false
      this.#idleTimer = setTimeout(() => this.#dropIfIdle(), IDLE_MS).unref()
      return
    }
    this.#spare.clear()
    this.#bytes = 0
  }
}
