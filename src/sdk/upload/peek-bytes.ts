/**
 * Reads the start of a stream to decide how to send it, without losing what was read: the rest
 * of the stream is handed back with the read chunks in front.
 */

/** The start of a stream, and the whole stream again. */
export interface Peeked {
  /** Bytes read, at most `limit + 1` (one chunk may overshoot; it is kept whole). */
  head: Uint8Array[]
  headLength: number
  /** True when the stream ended within the head. */
  ended: boolean
  /**
   * The whole stream: the head chunks, then whatever was not read yet. It takes the chunks out of
   * `head` as it hands them on, so an upload does not keep its first 5 MiB of input to the end.
   */
  all: AsyncIterable<Uint8Array>
}

/**
 * Reads until more than `limit` bytes arrived or the stream ended.
 * @example
 * const { ended, head, all } = await peekBytes(iterateChunks(stream), 5 * 1024 * 1024)
 */
export async function peekBytes(chunks: AsyncIterable<Uint8Array>, limit: number): Promise<Peeked> {
  const iterator = chunks[Symbol.asyncIterator]()
  const head: Uint8Array[] = []
  let headLength = 0
  let ended = false
  while (headLength <= limit) {
    const next = await iterator.next()
    if (next.done) {
      ended = true
      break
    }
    head.push(next.value)
    headLength += next.value.byteLength
  }
  async function* all(): AsyncGenerator<Uint8Array> {
    for (let chunk = head.shift(); chunk !== undefined; chunk = head.shift()) yield chunk
    if (ended) return
    // A manual loop, so that stopping early (return) closes the source iterator as well.
    try {
      for (;;) {
        const next = await iterator.next()
        if (next.done) return
        yield next.value
      }
    } finally {
      await iterator.return?.()
    }
  }
  return { head, headLength, ended, all: all() }
}

/**
 * Joins chunks into one buffer.
 * @example
 * concatBytes([a, b], a.byteLength + b.byteLength)
 */
export function concatBytes(chunks: Uint8Array[], length: number): Uint8Array {
  if (chunks.length === 1) return chunks[0]!
  const bytes = new Uint8Array(length)
  let offset = 0
  for (const chunk of chunks) {
    bytes.set(chunk, offset)
    offset += chunk.byteLength
  }
  return bytes
}
