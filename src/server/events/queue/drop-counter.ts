import type { EventLog } from '../log.js'

/**
 * Counts events a full queue refuses and logs them without flooding: one line when dropping
 * starts, one every 1,000 drops, and one when the queue accepts events again.
 */
export interface DropCounter {
  readonly count: number
  drop(): void
  /** A put after close(): counted, and logged each time (it only happens during shutdown). */
  dropClosed(): void
  accepted(): void
}

export function createDropCounter(name: string, limit: number, log: EventLog): DropCounter {
  let count = 0
  let streak = 0
  return {
    get count() {
      return count
    },
    drop() {
      count++
      streak++
      if (streak === 1) log(`${name}: queue full (${limit} events), dropping new events`)
      else if (streak % 1000 === 0) log(`${name}: queue still full, ${streak} events dropped so far`)
    },
    dropClosed() {
      count++
      log(`${name}: queue closed, event dropped`)
    },
    accepted() {
      if (streak === 0) return
      log(`${name}: queue accepting events again after dropping ${streak}`)
      streak = 0
    },
  }
}
