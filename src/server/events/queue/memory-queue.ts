import { consoleEventLog, type EventLog } from '../log.js'
import type { QueuedEvent } from '../targets/types.js'
import { createDropCounter } from './drop-counter.js'
import { DEFAULT_QUEUE_LIMIT, type EventQueue, type QueueEntry } from './types.js'

export interface MemoryQueueOptions {
  limit?: number
  /** Names the queue in log lines, e.g. the target ARN. */
  name?: string
  log?: EventLog
}

/** The queue used when a target has no `queueDir`: same limit and order, lost on restart. */
export function createMemoryQueue(options: MemoryQueueOptions = {}): EventQueue {
  const limit = options.limit ?? DEFAULT_QUEUE_LIMIT
  const drops = createDropCounter(options.name ?? 'memory queue', limit, options.log ?? consoleEventLog)
  const entries: QueueEntry[] = []
  let nextSeq = 1
  let lastOutboxId = 0
  let closed = false
  return {
    async put(event: QueuedEvent) {
      if (closed) {
        drops.dropClosed()
        return false
      }
      if (entries.length >= limit) {
        drops.drop()
        return false
      }
      drops.accepted()
      entries.push({ seq: nextSeq++, event })
      lastOutboxId = Math.max(lastOutboxId, event.outboxId ?? 0)
      return true
    },
    peek: () => entries[0],
    async ack(seq) {
      if (entries[0]?.seq !== seq) throw new Error(`ack(${seq}) is not the oldest entry (${entries[0]?.seq})`)
      entries.shift()
    },
    get size() {
      return entries.length
    },
    limit,
    get dropped() {
      return drops.count
    },
    get lastOutboxId() {
      return lastOutboxId
    },
    async close() {
      closed = true
    },
  }
}
