import { type BackoffOptions, computeBackoff } from './backoff.js'
import { type Clock, systemClock } from './clock.js'
import type { EventLog } from './log.js'
import { describeError } from './targets/target-error.js'
import type { EventTarget } from './targets/types.js'

/** A target that is opened before its first delivery and re-opened in the background. */
export interface GatedTarget extends EventTarget {
  /** Whether `open` has succeeded. */
  readonly opened: boolean
  /** Keeps calling `open` with backoff until it succeeds or the target is closed. */
  retryOpenInBackground(): void
}

export interface GateOptions {
  log: EventLog
  clock?: Clock
  random?: () => number
  backoff?: BackoffOptions
}

/**
 * Wraps a target so that `send` first makes sure `open` (connect + prepare: declare the
 * exchange, create the table, check the key type) has succeeded. A target that was down at
 * start-up therefore prepares itself before its first delivery, whichever of the sender and
 * the background retry gets there first; both share one `open` in flight.
 *
 * @example
 * const gated = gateTarget(createTarget(configured, ''), { log })
 * await gated.open().catch(() => gated.retryOpenInBackground())
 */
export function gateTarget(target: EventTarget, options: GateOptions): GatedTarget {
  const clock = options.clock ?? systemClock
  const stop = new AbortController()
  let opened = false
  let opening: Promise<void> | undefined
  let retrying = false

  const open = (): Promise<void> => {
    if (opened) return Promise.resolve()
    opening ??= target.open().then(
      () => {
        opened = true
      },
      (e: unknown) => {
        opening = undefined
        throw e
      },
    )
    return opening
  }

  async function retryLoop(): Promise<void> {
    for (let attempt = 0; !opened && !stop.signal.aborted; attempt++) {
      await clock.sleep(computeBackoff(attempt, options.random ?? Math.random, options.backoff), stop.signal)
      if (stop.signal.aborted) return
      try {
        await open()
        options.log(`${target.arn}: target is online now`)
      } catch (e) {
        if (attempt % 20 === 0) options.log(`${target.arn}: still not reachable: ${describeError(e)}`)
      }
    }
  }

  return {
    arn: target.arn,
    kind: target.kind,
    id: target.id,
    get opened() {
      return opened
    },
    open,
    async send(event) {
      if (!opened) await open()
      return target.send(event)
    },
    isOnline: () => target.isOnline(),
    retryOpenInBackground() {
      if (retrying || opened) return
      retrying = true
      void retryLoop().finally(() => {
        retrying = false
      })
    },
    async close() {
      stop.abort()
      await target.close()
    },
  }
}
