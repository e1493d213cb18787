import { open, readdir, readFile, truncate, unlink } from 'node:fs/promises'
import { join } from 'node:path'
import type { EventLog } from '../log.js'
import { decodeFrames } from './frame.js'
import type { QueueEntry } from './types.js'

/**
 * Segment files of a file queue: `<first seq, 20 digits>.seg`, appended to in order and
 * deleted once every entry in them is acknowledged.
 */
export interface Segment {
  path: string
  /** The highest sequence number written to it (0 when empty). */
  last: number
  bytes: number
}

const SEGMENT_SUFFIX = '.seg'

export function segmentPath(dir: string, firstSeq: number): string {
  return join(dir, String(firstSeq).padStart(20, '0') + SEGMENT_SUFFIX)
}

/**
 * Reads every segment, oldest first. A bad frame (torn write, bit rot) ends that segment: the
 * rest of the file is cut off and a log line says how many bytes were skipped, so new entries
 * are never appended after garbage. Fully acknowledged segments other than the newest are
 * deleted. Returns the segments left, the unacknowledged entries in order, and the highest
 * `outboxId` of every entry read (acknowledged ones too).
 */
export async function loadSegments(dir: string, watermark: number, name: string, log: EventLog) {
  const files = (await readdir(dir)).filter((f) => f.endsWith(SEGMENT_SUFFIX)).sort()
  const segments: Segment[] = []
  const pending: QueueEntry[] = []
  let maxSeq = watermark
  let lastOutboxId = 0
  for (const file of files) {
    const path = join(dir, file)
    const data = await readFile(path)
    const decoded = decodeFrames(data)
    if (decoded.corruption) {
      const skipped = data.length - decoded.validBytes
      log(`${name}: ${file}: corrupt entry (${decoded.corruption}); skipping the last ${skipped} bytes`)
      await truncate(path, decoded.validBytes)
    }
    let last = 0
    for (const entry of decoded.entries) {
      last = Math.max(last, entry.seq)
      lastOutboxId = Math.max(lastOutboxId, entry.event.outboxId ?? 0)
      // At or below the watermark: acknowledged. Sequence numbers only grow, so nothing else
      // can be at or below maxSeq.
      if (entry.seq <= maxSeq) continue
      pending.push(entry)
      maxSeq = entry.seq
    }
    segments.push({ path, last, bytes: decoded.validBytes })
  }
  await deleteAckedSegments(segments, watermark)
  return { segments, pending, maxSeq, lastOutboxId }
}

/** Deletes acknowledged segments from the front, always keeping the newest (it is appended to). */
export async function deleteAckedSegments(segments: Segment[], watermark: number): Promise<void> {
  while (segments.length > 1 && segments[0]!.last <= watermark) {
    const segment = segments.shift()!
    await unlink(segment.path).catch(() => undefined)
  }
}

/** fsyncs a directory so a newly created segment file survives a power loss. */
export async function syncDirectory(dir: string): Promise<void> {
  const fh = await open(dir, 'r')
  try {
    await fh.sync()
  } finally {
    await fh.close()
  }
}
