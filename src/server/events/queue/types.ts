import type { QueuedEvent } from '../targets/types.js'

/** An event in a target's queue, numbered in arrival order. */
export interface QueueEntry {
  readonly seq: number
  readonly event: QueuedEvent
}

/**
 * A per-target FIFO. `put` resolves once the entry is stored (on disk, for the file queue);
 * `peek` shows the oldest unacknowledged entry; `ack` removes it. Past `limit` unacknowledged
 * entries, `put` drops the new event, counts it and logs.
 */
export interface EventQueue {
  /** `true` when stored, `false` when dropped because the queue is full or closed. */
  put(event: QueuedEvent): Promise<boolean>
  peek(): QueueEntry | undefined
  /** Acknowledges the oldest entry; `seq` must be `peek()`'s. */
  ack(seq: number): Promise<void>
  /** Entries stored or being stored, not yet acknowledged. */
  readonly size: number
  readonly limit: number
  /** Events refused since the queue was opened. */
  readonly dropped: number
  /**
   * The highest `outboxId` of the events stored (delivered ones included, as far as the queue
   * still knows them); 0 when none. Events come in outbox id order, so an outbox entry with an
   * id at most this is in the queue already.
   */
  readonly lastOutboxId: number
  close(): Promise<void>
}

/** The seed's `queueLimit` default. */
export const DEFAULT_QUEUE_LIMIT = 10_000
