import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import type { EventLog } from '../log.js'
import { openAckFile } from './ack-file.js'
import { isDirectory } from './is-directory.js'
import { loadSegments } from './segments.js'
import type { EventQueue } from './types.js'

/**
 * Moves the undelivered entries of the file queue in `strayDir` (a queue an earlier start kept
 * elsewhere: on a drive that was then the first healthy one, or before `queueDir` was set) to
 * the end of `queue`, in order, and removes `strayDir`. Call it before the queue's sender starts.
 *
 * The entries are durable in `queue` before the stray is touched, so a crash in between
 * delivers them twice, never loses them. What does not fit under `queue`'s limit stays in
 * `strayDir` (its watermark moved past what was taken) and is adopted at the next start.
 * Returns how many entries moved.
 *
 * @example
 * await adoptQueue(queue, '/mnt/d2/.silo.sys/events/webhook-1', { name: arn, log })
 */
export async function adoptQueue(
  queue: EventQueue,
  strayDir: string,
  options: { name: string; log: EventLog },
): Promise<number> {
  const { name, log } = options
  if (!(await isDirectory(strayDir))) return 0
  const ackFile = await openAckFile(join(strayDir, 'ack'))
  let left: number
  let taken: number
  try {
    const { pending } = await loadSegments(strayDir, ackFile.watermark, name, log)
    // Only what fits, so the queue never counts these as dropped. Puts made in one go keep
    // their order and share fsyncs (group commit).
    taken = Math.max(0, Math.min(pending.length, queue.limit - queue.size))
    await Promise.all(pending.slice(0, taken).map((entry) => queue.put(entry.event)))
    left = pending.length - taken
    if (left > 0 && taken > 0) {
      await ackFile.write(pending[taken - 1]!.seq)
      await ackFile.sync()
    }
  } finally {
    await ackFile.close()
  }
  if (left > 0) log(`${name}: ${left} queued event(s) stay in ${strayDir} until the queue has room`)
  else await rm(strayDir, { recursive: true, force: true })
  if (taken > 0) log(`${name}: moved ${taken} undelivered event(s) from ${strayDir}`)
  return taken
}
