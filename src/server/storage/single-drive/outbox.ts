import type { EventOutbox } from '../object-layer.js'
import type { CommitView } from './commit-queue.js'
import type { Drive, DriveOutbox } from './drive.js'
import { type MetaStore, STATE_KEYS } from './meta-store.js'

/**
 * The drive's event outbox (docs/events.md, "The outbox"): bucket events written in the same
 * LMDB commit as their object, so an event exists exactly when its write does, at no sync of
 * its own. Ids grow and never repeat (the last one is kept in `state`), which lets the events
 * service tell, after a crash, whether a queue already holds an entry. Releases (entries whose
 * events are queued) are removed by the next commit that writes an entry, or on close: never by
 * a commit of their own, which a PUT would have to wait behind.
 */

/** Reads where the ids stand. */
export function openOutbox(meta: MetaStore): DriveOutbox {
  const stored = meta.state.get(STATE_KEYS.outboxId)
  let lastId = typeof stored === 'number' ? stored : 0
  for (const key of meta.outbox.getKeys({ reverse: true, limit: 1 })) lastId = Math.max(lastId, key)
  return { lastId, released: [] }
}

/** Writes `data` as a new entry in the commit of `view` (with the removals pending); returns its id. */
export function writeOutboxEntry(view: CommitView, drive: Drive, data: string): number {
  const outbox = drive.outbox
  const id = ++outbox.lastId
  view.put(drive.meta.outbox, id, data)
  view.put(drive.meta.state, STATE_KEYS.outboxId, id)
  // A commit that fails loses these removals: the entries stay, and the events service skips
  // them after the next start (their queues hold them already).
  for (const released of outbox.released.splice(0)) view.remove(drive.meta.outbox, released)
  return id
}

/** The drive's outbox as the object layer shows it. */
export function createEventOutbox(drive: Drive): EventOutbox {
  return {
    list: () => [...drive.meta.outbox.getRange()].map(({ key, value }) => ({ id: key, data: value })),
    release(id) {
      drive.outbox.released.push(id)
    },
  }
}

/** Removes the released entries now (closing the drive). */
export async function removeReleasedEntries(drive: Drive): Promise<void> {
  const released = drive.outbox.released.splice(0)
  if (released.length === 0) return
  await drive.commits.run((view) => {
    for (const id of released) view.remove(drive.meta.outbox, id)
  })
}
