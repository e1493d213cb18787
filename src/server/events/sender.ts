import { type BackoffOptions, computeBackoff } from './backoff.js'
import { type Clock, systemClock } from './clock.js'
import { consoleEventLog, type EventLog } from './log.js'
import type { EventQueue } from './queue/types.js'
import type { EventTarget, QueuedEvent } from './targets/types.js'

export interface SenderOptions {
  target: Pick<EventTarget, 'arn' | 'send'> & Partial<Pick<EventTarget, 'isOnline'>>
  /** The sender owns it from now on and closes it in `close()`. */
  queue: EventQueue
  clock?: Clock
  random?: () => number
  backoff?: BackoffOptions
  log?: EventLog
  /** How long `close()` waits for a send in progress; default 5 s. */
  closeTimeoutMs?: number
  /** During a longer backoff, how often `isOnline` is asked whether the target came back; default 1 s. */
  probeMs?: number
}

/** What `info` and tests read about one target's delivery. */
export interface SenderStats {
  /** Events waiting in the queue (including one being sent). */
  queued: number
  delivered: number
  failedAttempts: number
  /** Events refused because the queue was full. */
  dropped: number
  lastError?: string
}

export interface Sender {
  /** Queues `event`; resolves `true` once stored, `false` when the queue dropped it. */
  enqueue(event: QueuedEvent): Promise<boolean>
  /** The queue's `lastOutboxId`: outbox entries up to it are queued already. */
  readonly lastOutboxId: number
  stats(): SenderStats
  /** Resolves when the queue is empty (for tests and orderly shutdown). */
  idle(): Promise<void>
  /** Stops after the send in progress finishes; undelivered entries stay queued. */
  close(): Promise<void>
}

/**
 * Starts one target's delivery loop: oldest entry first, `target.send`, ack on success; on
 * failure the same entry is retried after an exponential, jittered backoff, so order holds.
 * Entries already in a durable queue (from before a restart) are delivered first.
 */
export function createSender(options: SenderOptions): Sender {
  const { target, queue } = options
  const clock = options.clock ?? systemClock
  const random = options.random ?? Math.random
  const log = options.log ?? consoleEventLog
  const stopping = new AbortController()
  const stats = { delivered: 0, failedAttempts: 0, lastError: undefined as string | undefined }
  // Whether a probe found the target unreachable since its last comeback (see waitBeforeRetry).
  let sawOffline = false
  let wake: (() => void) | undefined
  let idleWaiters: (() => void)[] = []

  async function deliverLoop(): Promise<void> {
    let failures = 0
    while (!stopping.signal.aborted) {
      const entry = queue.peek()
      if (!entry) {
        for (const resolve of idleWaiters) resolve()
        idleWaiters = []
        await new Promise<void>((resolve) => {
          wake = resolve
        })
        continue
      }
      try {
        await target.send(entry.event)
      } catch (e) {
        stats.failedAttempts++
        stats.lastError = e instanceof Error ? e.message : String(e)
        const delay = computeBackoff(failures++, random, options.backoff)
        if (failures === 1 || failures % 100 === 0) {
          log(
            `${target.arn}: delivery failed ${failures} time(s) (${stats.lastError}); retrying in ${delay} ms`,
          )
        }
        await waitBeforeRetry(delay)
        continue
      }
      if (failures > 0) log(`${target.arn}: delivering again after ${failures} failed attempt(s)`)
      failures = 0
      stats.delivered++
      try {
        await queue.ack(entry.seq)
      } catch (e) {
        // The entry stays at the head and is sent again: at-least-once, never lost.
        log(
          `${target.arn}: could not acknowledge a delivered event (${String(e)}); it may be delivered twice`,
        )
        await clock.sleep(computeBackoff(0, random, options.backoff), stopping.signal)
      }
    }
  }

  /**
   * Sleeps `delay`, but when the target can say whether it is reachable, asks it every
   * `probeMs` and retries at once when it goes from unreachable to reachable: a target back
   * after a long outage is not left waiting out a 30 s backoff. A target that answers "online"
   * all along (up, but refusing events) waits the full backoff.
   */
  async function waitBeforeRetry(delay: number): Promise<void> {
    const probeMs = options.probeMs ?? 1000
    const isOnline = target.isOnline
    if (!isOnline || delay <= probeMs) return clock.sleep(delay, stopping.signal)
    for (let waited = 0; waited < delay && !stopping.signal.aborted; waited += probeMs) {
      await clock.sleep(Math.min(probeMs, delay - waited), stopping.signal)
      const online = await isOnline.call(target).catch(() => false)
      if (!online) sawOffline = true
      else if (sawOffline) {
        sawOffline = false
        return
      }
    }
  }

  const loop = deliverLoop()
  const stopWaiting = () => {
    wake?.()
    wake = undefined
  }

  return {
    async enqueue(event) {
      const stored = await queue.put(event)
      if (stored) stopWaiting()
      return stored
    },
    get lastOutboxId() {
      return queue.lastOutboxId
    },
    stats: () => ({
      queued: queue.size,
      delivered: stats.delivered,
      failedAttempts: stats.failedAttempts,
      dropped: queue.dropped,
      ...(stats.lastError !== undefined ? { lastError: stats.lastError } : {}),
    }),
    idle: () =>
      queue.size === 0 && !queue.peek()
        ? Promise.resolve()
        : new Promise<void>((resolve) => idleWaiters.push(resolve)),
    async close() {
      stopping.abort()
      stopWaiting()
      // A hung send must not hang shutdown; its entry is simply not acknowledged.
      let timer: NodeJS.Timeout | undefined
      const timeout = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, options.closeTimeoutMs ?? 5000)
      })
      await Promise.race([loop, timeout])
      clearTimeout(timer)
      for (const resolve of idleWaiters) resolve()
      await queue.close()
    },
  }
}
