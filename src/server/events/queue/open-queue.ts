import type { EventLog } from '../log.js'
import { openFileQueue } from './file-queue.js'
import { createMemoryQueue } from './memory-queue.js'
import type { EventQueue } from './types.js'

/** A target's `queueDir` and `queueLimit` parameters. */
export interface QueueOptions {
  /** The target's own queue directory; without it the queue lives in memory. */
  dir?: string
  /** Default 10,000. */
  limit?: number
  name?: string
  log?: EventLog
}

/** Opens the durable queue when `dir` is set, else the in-memory one. */
export async function openEventQueue(options: QueueOptions): Promise<EventQueue> {
  const { dir, ...rest } = options
  return dir ? openFileQueue({ dir, ...rest }) : createMemoryQueue(rest)
}
