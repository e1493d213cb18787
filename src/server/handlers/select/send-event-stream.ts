import type { ServerResponse } from 'node:http'
import { isS3ServerError } from '../../errors.js'
import { drained } from '../../response/drained.js'
import type { SelectStats } from '../../select/index.js'
import {
  contMessage,
  endMessage,
  errorMessage,
  progressMessage,
  recordsMessage,
  statsMessage,
} from './event-stream.js'

/** Timing of the stream's housekeeping messages; injectable so tests drive the clock. */
export interface EventStreamTiming {
  /** A Cont message after this long without any message (S3 keeps the connection alive so). */
  keepAliveMs: number
  /** A Progress message this often when RequestProgress is enabled. */
  progressMs: number
  /** Calls `tick` every `ms` until the returned stop function runs. */
  repeat(tick: () => void, ms: number): () => void
  now(): number
}

/** What the stream needs besides the records. */
export interface EventStreamOptions {
  /** RequestProgress/Enabled: Progress messages while running and one before Stats. */
  progress: boolean
  /** Called once when the client goes away before the end: stop reading the object. */
  onAbort: () => void
  /** Unexpected (non-S3) failures after the stream started are logged here. */
  log: (message: string, error: unknown) => void
  timing?: EventStreamTiming
}

/** Records are sent once this many bytes are pending (or on the next tick of the clock). */
const BATCH_BYTES = 128 * 1024
const TICK_MS = 250

/** S3's cadence as far as it is documented: periodic; one second each here. */
export const DEFAULT_TIMING: EventStreamTiming = {
  keepAliveMs: 1000,
  progressMs: 1000,
  repeat(tick, ms) {
    const timer = setInterval(tick, Math.min(ms, TICK_MS))
    timer.unref()
    return () => clearInterval(timer)
  },
  now: () => Date.now(),
}

/**
 * Sends a query's output as an event stream: Records in batches, Cont while nothing was sent
 * for a while, Progress when asked, then Stats and End. The 200 and its headers go out with the
 * first message, so a failure before that (a bad first record, say) is thrown to the caller and
 * answered as a normal XML error; a failure after it ends the stream with an error message.
 * Writing waits for the socket to drain (`res.write` returning false), and pulling from
 * `records` waits for the writing, so memory stays bounded whatever the object's size.
 *
 * @example await sendEventStream(res, compiled.run(body, stats), stats, { progress: false, onAbort: () => body.destroy(), log })
 */
export async function sendEventStream(
  res: ServerResponse,
  records: AsyncIterable<Uint8Array>,
  stats: SelectStats,
  options: EventStreamOptions,
): Promise<void> {
  const timing = options.timing ?? DEFAULT_TIMING
  const out = new EventWriter(res, timing.now, options.onAbort)
  let pending: Uint8Array[] = []
  let pendingBytes = 0
  let lastProgress = timing.now()
  const takePending = (): Buffer | undefined => {
    if (pendingBytes === 0) return undefined
    const batch = Buffer.concat(pending, pendingBytes)
    pending = []
    pendingBytes = 0
    return batch
  }
  const stopClock = timing.repeat(
    () => {
      // While the socket is full, the stream is not idle: the client is just slow.
      if (out.closed || res.writableNeedDrain) return
      const now = timing.now()
      if (now - out.lastWrite >= timing.keepAliveMs) {
        // Idle for a while: send the records found so far, or a Cont if there are none. (Records
        // otherwise wait for a full batch: minio-js keeps only the last Records message it reads.)
        const batch = takePending()
        out.write(batch ? recordsMessage(batch) : contMessage())
      }
      if (options.progress && now - lastProgress >= timing.progressMs) {
        lastProgress = now
        out.write(progressMessage(stats))
      }
    },
    Math.min(timing.keepAliveMs, timing.progressMs),
  )
  try {
    for await (const chunk of records) {
      if (out.closed) return
      if (chunk.byteLength === 0) continue
      pending.push(chunk)
      pendingBytes += chunk.byteLength
      if (pendingBytes >= BATCH_BYTES) await out.send(recordsMessage(takePending()!))
    }
    if (out.closed) return
    const batch = takePending()
    if (batch) await out.send(recordsMessage(batch))
    if (options.progress) out.write(progressMessage(stats))
    out.write(statsMessage(stats))
    out.end(endMessage())
  } catch (error) {
    if (out.closed) return
    if (!out.started) throw error
    if (!isS3ServerError(error)) options.log('S3 Select failed after its response started', error)
    const [code, message] = isS3ServerError(error)
      ? [error.code, error.message]
      : ['InternalError', 'We encountered an internal error. Please try again.']
    out.end(errorMessage(code, message))
  } finally {
    stopClock()
  }
}

/** The response side: headers on the first message, backpressure, and the client leaving. */
class EventWriter {
  started = false
  closed = false
  lastWrite: number
  readonly #res: ServerResponse
  readonly #now: () => number

  constructor(res: ServerResponse, now: () => number, onAbort: () => void) {
    this.#res = res
    this.#now = now
    this.lastWrite = now()
    res.once('close', () => {
      if (res.writableFinished) return
      this.closed = true
      onAbort()
    })
  }

  /** Writes a message; false when the socket's buffer is full (wait for drain before more). */
  write(message: Buffer): boolean {
    if (!this.started) {
      this.started = true
      this.#res.writeHead(200, { 'content-type': 'application/octet-stream' })
    }
    this.lastWrite = this.#now()
    return this.#res.write(message)
  }

  /** Writes a message and waits until the socket takes more (or the client went away). */
  async send(message: Buffer): Promise<void> {
    if (this.write(message) || this.closed) return
    await drained(this.#res)
  }

  end(message: Buffer): void {
    this.write(message)
    this.#res.end()
  }
}
