/**
 * A Map that keeps its `capacity` most recently used entries (a Map iterates in insertion
 * order, so re-inserting on use keeps the oldest first).
 */
export class LruMap<K, V> {
  readonly #capacity: number
  readonly #entries = new Map<K, V>()

  constructor(capacity: number) {
    this.#capacity = capacity
  }

  get size(): number {
    return this.#entries.size
  }

  /** The value for `key`, computed by `create` and stored when absent. */
  getOrCreate(key: K, create: () => V): V {
    const found = this.#entries.get(key)
    if (found !== undefined) {
      this.#entries.delete(key)
      this.#entries.set(key, found)
      return found
    }
    const value = create()
    this.#entries.set(key, value)
    if (this.#entries.size > this.#capacity) this.#entries.delete(this.#entries.keys().next().value as K)
    return value
  }
}
