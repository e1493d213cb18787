import type { SelectStats } from '../types.js'

/** Gathers output records into byte batches of about `size` characters, counting bytesReturned. */
export interface OutputBatcher {
  /** Adds a record; returns a full batch when one is ready. */
  add(text: string): Uint8Array | undefined
  /** The last, partial batch (undefined when empty). */
  flush(): Uint8Array | undefined
}

/** A batcher that flushes at `size` characters and adds each batch's bytes to `stats`. */
export function createOutputBatcher(size: number, stats: SelectStats): OutputBatcher {
  let pending: string[] = []
  let length = 0
  const flush = () => {
    if (length === 0) return undefined
    const bytes = Buffer.from(pending.join(''))
    pending = []
    length = 0
    stats.bytesReturned += bytes.byteLength
    return bytes
  }
  return {
    add(text) {
      pending.push(text)
      length += text.length
      return length >= size ? flush() : undefined
    },
    flush,
  }
}
