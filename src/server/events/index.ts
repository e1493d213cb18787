/** Bucket events, the server half: what `createServer` wires in. */
export { type BackoffOptions, computeBackoff } from './backoff.js'
export { type Clock, systemClock } from './clock.js'
export { createListenStream, type ListenStreamOptions } from './listen-stream.js'
export type { ListenFilter } from './listeners.js'
export { consoleEventLog, type EventLog } from './log.js'
export {
  type ConfigureOptions,
  createNotifier,
  type EmitResult,
  type Notifier,
  type NotifierOptions,
  type TargetQueueSettings,
} from './notifier.js'
export { type FileQueueOptions, openFileQueue } from './queue/file-queue.js'
export { createMemoryQueue, type MemoryQueueOptions } from './queue/memory-queue.js'
export { openEventQueue, type QueueOptions } from './queue/open-queue.js'
export { DEFAULT_QUEUE_LIMIT, type EventQueue, type QueueEntry } from './queue/types.js'
export { createSender, type Sender, type SenderOptions, type SenderStats } from './sender.js'
export { DEFAULT_SUBSCRIBER_BUFFER, type Subscription } from './subscription.js'
export { targetQueueDir } from './target-queue-dir.js'
