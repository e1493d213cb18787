/**
 * Reads a Node / readable-stream Readable chunk by chunk through `data` events, pausing after each.
 * `for await` over a Readable calls `read()` without a size, which joins every buffered chunk
 * into a new Buffer (Readable's fromList): while an upload waits for a free part slot, a 1 GiB
 * stream left a trail of such copies that the garbage collector freed late, ~25 MiB of peak
 * RSS with 8 MiB parts. In flowing mode each pushed chunk is handed over as it is.
 */
import { type ChunkSource, iterateChunks } from '../body/chunks.js'

/** The part of a Readable this reader uses (Node streams and readable-stream alike). */
interface EventReadable {
  on(event: string, listener: (...args: never[]) => void): unknown
  removeListener(event: string, listener: (...args: never[]) => void): unknown
  pause(): unknown
  resume(): unknown
  destroy?(error?: Error): unknown
  readableEnded?: boolean
}

const encoder = new TextEncoder()

/**
 * The chunks of `source`: Readables through {@link readableChunks}, anything else as iterateChunks reads it.
 * @example
 * for await (const chunk of sourceChunks(fs.createReadStream(path))) total += chunk.byteLength
 */
export function sourceChunks(source: ChunkSource): AsyncGenerator<Uint8Array> {
  return isEventReadable(source) ? readableChunks(source) : iterateChunks(source)
}

/**
 * Yields each chunk a Readable emits, at most one chunk ahead of the consumer; stopping early
 * destroys the stream, as `for await` does.
 * @example
 * for await (const chunk of readableChunks(stream)) hash.update(chunk)
 */
export async function* readableChunks(stream: EventReadable): AsyncGenerator<Uint8Array> {
  const queue: Uint8Array[] = []
  let ended = stream.readableEnded === true
  let failure: { error: unknown } | undefined
  let wake = () => {}
  const onData = (data: Uint8Array | string) => {
    queue.push(typeof data === 'string' ? encoder.encode(data) : data)
    stream.pause()
    wake()
  }
  const onEnd = () => {
    ended = true
    wake()
  }
  const onError = (error: unknown) => {
    failure ??= { error }
    wake()
  }
  const onClose = () => {
    if (!ended) failure ??= { error: new Error('The stream closed before it ended (premature close)') }
    wake()
  }
  stream.on('data', onData)
  stream.on('end', onEnd)
  stream.on('error', onError)
  stream.on('close', onClose)
  try {
    for (;;) {
      const chunk = queue.shift()
      if (chunk !== undefined) {
        yield chunk
        continue
      }
      if (failure !== undefined) throw failure.error
      if (ended) return
      await new Promise<void>((resolve) => {
        wake = resolve
        stream.resume()
      })
      wake = () => {}
    }
  } finally {
    stream.removeListener('data', onData)
    stream.removeListener('end', onEnd)
    stream.removeListener('error', onError)
    stream.removeListener('close', onClose)
    if (!ended && failure === undefined) stream.destroy?.()
  }
}

function isEventReadable(source: unknown): source is EventReadable {
  const s = source as Partial<EventReadable> | null
  return (
    typeof s === 'object' &&
    s !== null &&
    typeof s.on === 'function' &&
    typeof s.pause === 'function' &&
    typeof s.resume === 'function' &&
    typeof s.removeListener === 'function'
  )
}
