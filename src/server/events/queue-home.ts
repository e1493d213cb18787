import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import type { EventLog } from './log.js'
import { isDirectory } from './queue/is-directory.js'
import { syncDirectory } from './queue/segments.js'

/** `<drive>/.silo.sys/<QUEUES_FOLDER>/<kind>-<id>` holds a target's default durable queue. */
export const QUEUES_FOLDER = 'events'

/** Where the default event queues of a server live, and where earlier starts may have left some. */
export interface QueueHome {
  /** `<drive>/.silo.sys/events` on the first healthy drive. */
  dir: string
  /**
   * The same folder on the other healthy drives that have one: a start that found the first
   * drive away put its queues there. Their undelivered events are moved home at start.
   */
  strays: string[]
}

/**
 * Picks the drive that holds the default event queues: the first of `drives` (as given on the
 * command line) that the storage layer counts as healthy and whose `.silo.sys` exists, and
 * makes its `events` folder. Undefined when no drive qualifies (logged).
 *
 * `.silo.sys` is never created here: an absent one is a drive that vanished, and a drive
 * folder is made only when a deployment is formatted (issue 12, defect 6).
 *
 * @example
 * const home = await prepareQueueHome(['/mnt/d1', '/mnt/d2'], ['/mnt/d2'], log) // d1 is offline
 * home?.dir // '/mnt/d2/.silo.sys/events'
 */
export async function prepareQueueHome(
  drives: readonly string[],
  healthy: readonly string[],
  log: EventLog,
): Promise<QueueHome | undefined> {
  const usable = drives.filter((drive) => healthy.includes(drive))
  let dir: string | undefined
  const strays: string[] = []
  for (const drive of usable) {
    const folder = join(drive, '.silo.sys', QUEUES_FOLDER)
    if (dir === undefined) {
      if (await makeQueuesFolder(folder, log)) dir = folder
    } else if (await isDirectory(folder)) {
      strays.push(folder)
    }
  }
  if (dir === undefined) {
    log('no drive can hold the event queues; targets without queueDir queue events in memory until restart')
    return undefined
  }
  return { dir, strays }
}

/** Makes `<drive>/.silo.sys/events` (durably) when `.silo.sys` is there; false when it is not. */
async function makeQueuesFolder(folder: string, log: EventLog): Promise<boolean> {
  const sys = join(folder, '..')
  try {
    await mkdir(folder) // not recursive: see prepareQueueHome
    await syncDirectory(sys)
    return true
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code
    if (code === 'EEXIST') return isDirectory(folder)
    if (code !== 'ENOENT') log(`${folder}: cannot hold the event queues (${String(e)})`)
    return false
  }
}
