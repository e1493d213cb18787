import type { CommitView } from './commit-queue.js'
import type { MetaStore } from './meta-store.js'
import type { StoredObject } from './records.js'

/**
 * The data files an object owns: its one file, its part files, or none when inline. Every file
 * belongs to exactly one record (copies hard-link under a new ID), so removing a record's files
 * never takes bytes from another object.
 */
export function fileIdsOf(stored: StoredObject): string[] {
  if (stored.layout === 'inline' || stored.layout === 'none') return []
  if (stored.layout === 'parts') return (stored.parts ?? []).map((p) => p.id)
  return [stored.id]
}

/**
 * Writes `stored` under `lmdbKey` in the commit, with its inline bytes when it has them, and
 * drops the record it replaces (and that record's inline bytes). Returns the replaced record,
 * whose files the caller unlinks after the commit.
 */
export function replaceObject(
  view: CommitView,
  meta: MetaStore,
  lmdbKey: Buffer,
  stored: StoredObject,
  inline?: Buffer,
): StoredObject | undefined {
  const previous = view.get(meta.objects, lmdbKey)
  if (previous) releaseInline(view, meta, previous)
  if (inline) view.put(meta.blobs, stored.id, inline)
  view.put(meta.objects, lmdbKey, stored)
  return previous
}

/** Removes an object's inline bytes in the commit that removes or replaces its record. */
export function releaseInline(view: CommitView, meta: MetaStore, stored: StoredObject): void {
  if (stored.layout === 'inline') view.remove(meta.blobs, stored.id)
}
