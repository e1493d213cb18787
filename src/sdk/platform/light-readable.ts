/**
 * A small readable for browser bundles, in place of `readable-stream` (~36 KB gzipped with its
 * buffer/events shims, more than the rest of a small program's SDK code). It carries the surface
 * the SDK's streams promise (docs/browser.md): `for await`, the events `data`, `end`, `error` and
 * `close`, `pause`/`resume`, `pipe` to anything with `write`/`end`, and `destroy`. Chunks are read
 * from the source only while someone consumes them, so a paused stream holds at most one item.
 */

type Listener = (...args: never[]) => void
/** Where `pipe` writes: a Node-style writable (or anything with `write` and `end`). */
interface PipeTarget {
  write(chunk: unknown): boolean | undefined
  end?(): unknown
  once?(event: 'drain', listener: () => void): unknown
}

/**
 * A readable stream over an async iterable.
 * @example
 * const stream = new LightReadable(iterateChunks(response.body!))
 * stream.on('data', (chunk) => console.log(chunk.length)).on('end', () => console.log('done'))
 */
export class LightReadable<T = Uint8Array> implements AsyncIterable<T> {
  readable = true
  readableEnded = false
  destroyed = false
  readonly readableObjectMode: boolean
  readonly #source: AsyncIterator<T>
  readonly #listeners = new Map<string | symbol, Listener[]>()
  readonly #held: T[] = []
  #flowing: boolean | null = null
  #pumping = false
  #iterated = false

  constructor(source: AsyncIterable<T>, options: { objectMode?: boolean } = {}) {
    this.#source = source[Symbol.asyncIterator]()
    this.readableObjectMode = options.objectMode === true
  }

  on(event: string | symbol, listener: Listener): this {
    const list = this.#listeners.get(event) ?? []
    list.push(listener)
    this.#listeners.set(event, list)
    // As in Node: adding a 'data' listener starts the flow unless the stream was paused.
    if (event === 'data' && this.#flowing === null) this.resume()
    return this
  }

  addListener(event: string | symbol, listener: Listener): this {
    return this.on(event, listener)
  }

  once(event: string | symbol, listener: Listener): this {
    const wrapper = ((...args: never[]) => {
      this.removeListener(event, wrapper)
      listener(...args)
    }) as Listener
    return this.on(event, wrapper)
  }

  removeListener(event: string | symbol, listener: Listener): this {
    const list = this.#listeners.get(event)
    const at = list?.indexOf(listener) ?? -1
    if (at >= 0) list!.splice(at, 1)
    return this
  }

  off(event: string | symbol, listener: Listener): this {
    return this.removeListener(event, listener)
  }

  removeAllListeners(event?: string | symbol): this {
    if (event === undefined) this.#listeners.clear()
    else this.#listeners.delete(event)
    return this
  }

  listenerCount(event: string | symbol): number {
    return this.#listeners.get(event)?.length ?? 0
  }

  emit(event: string | symbol, ...args: unknown[]): boolean {
    const list = this.#listeners.get(event)
    if (!list?.length) return false
    for (const listener of [...list]) (listener as (...a: unknown[]) => void)(...args)
    return true
  }

  pause(): this {
    this.#flowing = false
    return this
  }

  resume(): this {
    this.#flowing = true
    void this.#pump()
    return this
  }

  isPaused(): boolean {
    return this.#flowing === false
  }

  /** Writes every chunk to `target`, waiting for 'drain' when it asks to, then ends it. */
  pipe<W extends PipeTarget>(target: W): W {
    this.on('data', (chunk: unknown) => {
      if (target.write(chunk) === false && target.once) {
        this.pause()
        target.once('drain', () => this.resume())
      }
    })
    this.once('end', () => target.end?.())
    return target
  }

  /** Stops reading; with an error, 'error' listeners hear it first. Then 'close'. */
  destroy(error?: unknown): this {
    if (this.destroyed) return this
    this.destroyed = true
    this.readable = false
    void this.#source.return?.().catch(() => {})
    queueMicrotask(() => {
      if (error !== undefined) this.#fail(error)
      this.emit('close')
    })
    return this
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<T> {
    if (this.#iterated || this.#flowing) throw new Error('This stream is already being read')
    this.#iterated = true
    this.#flowing = false
    try {
      for (;;) {
        const held = this.#held.shift()
        if (held !== undefined) {
          yield held
          continue
        }
        if (this.destroyed) return
        const { value, done } = await this.#source.next()
        if (done) return this.#end()
        yield value
      }
    } finally {
      if (!this.readableEnded) this.destroy()
    }
  }

  async #pump(): Promise<void> {
    if (this.#pumping || this.#iterated) return
    this.#pumping = true
    try {
      while (this.#flowing && !this.destroyed) {
        const held = this.#held.shift()
        if (held !== undefined) {
          this.emit('data', held)
          continue
        }
        const { value, done } = await this.#source.next()
        if (this.destroyed) return
        if (done) return this.#end()
        // Paused while the item was on its way: keep it for the next resume.
        if (this.#flowing) this.emit('data', value)
        else this.#held.push(value)
      }
    } catch (error) {
      this.destroyed = true
      this.readable = false
      this.#fail(error)
      this.emit('close')
    } finally {
      this.#pumping = false
    }
  }

  #end(): void {
    this.readableEnded = true
    this.readable = false
    this.emit('end')
    this.emit('close')
  }

  // Like an EventEmitter, an 'error' nobody listens to is not swallowed: it surfaces as an
  // uncaught error (the browser console), as Node would crash on it.
  #fail(error: unknown): void {
    if (!this.emit('error', error)) {
      queueMicrotask(() => {
        throw error
      })
    }
  }
}
