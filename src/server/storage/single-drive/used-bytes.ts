import type { CommitView } from './commit-queue.js'
import { type MetaStore, STATE_KEYS } from './meta-store.js'

/** Adds `delta` to the drive's byte counter inside a commit (reads see the batch's earlier changes). */
export function adjustUsedBytes(view: CommitView, meta: MetaStore, delta: number): void {
  if (delta === 0) return
  const used = (view.get(meta.state, STATE_KEYS.usedBytes) as number | undefined) ?? 0
  view.put(meta.state, STATE_KEYS.usedBytes, used + delta)
}
