import { crc32 } from '../../crc32.js'
import type { QueuedEvent } from '../targets/types.js'
import type { QueueEntry } from './types.js'

/**
 * One queue entry on disk:
 *
 * ```
 * u32 BE  body length (n)
 * u32 BE  CRC-32 of the body
 * body:   u64 BE sequence number, then the QueuedEvent as UTF-8 JSON (n - 8 bytes)
 * ```
 *
 * A torn or bit-flipped entry fails the length or CRC check, so a reader stops at the first
 * bad frame instead of delivering garbage.
 */
export const FRAME_HEADER_BYTES = 8
/** Larger lengths can only come from corruption (a record is a few KiB). */
export const MAX_FRAME_BODY_BYTES = 16 * 1024 * 1024

export function encodeFrame(entry: QueueEntry): Buffer {
  const json = Buffer.from(JSON.stringify(entry.event), 'utf8')
  const frame = Buffer.allocUnsafe(FRAME_HEADER_BYTES + 8 + json.length)
  frame.writeBigUInt64BE(BigInt(entry.seq), FRAME_HEADER_BYTES)
  json.copy(frame, FRAME_HEADER_BYTES + 8)
  const body = frame.subarray(FRAME_HEADER_BYTES)
  frame.writeUInt32BE(body.length, 0)
  frame.writeUInt32BE(crc32(body), 4)
  return frame
}

/** The entries of a segment file, and where and why reading stopped early, if it did. */
export interface DecodedSegment {
  entries: QueueEntry[]
  /** Bytes up to the end of the last good frame. */
  validBytes: number
  corruption?: string
}

export function decodeFrames(data: Buffer): DecodedSegment {
  const entries: QueueEntry[] = []
  let offset = 0
  while (offset < data.length) {
    const problem = checkFrame(data, offset)
    if (problem) return { entries, validBytes: offset, corruption: `${problem} at byte ${offset}` }
    const length = data.readUInt32BE(offset)
    const body = data.subarray(offset + FRAME_HEADER_BYTES, offset + FRAME_HEADER_BYTES + length)
    let event: QueuedEvent
    try {
      event = JSON.parse(body.subarray(8).toString('utf8')) as QueuedEvent
    } catch {
      return { entries, validBytes: offset, corruption: `unparsable JSON at byte ${offset}` }
    }
    entries.push({ seq: Number(body.readBigUInt64BE(0)), event })
    offset += FRAME_HEADER_BYTES + length
  }
  return { entries, validBytes: offset }
}

function checkFrame(data: Buffer, offset: number): string | undefined {
  if (data.length - offset < FRAME_HEADER_BYTES) return 'truncated header'
  const length = data.readUInt32BE(offset)
  if (length < 8 || length > MAX_FRAME_BODY_BYTES) return `impossible length ${length}`
  if (data.length - offset - FRAME_HEADER_BYTES < length) return 'truncated entry'
  const body = data.subarray(offset + FRAME_HEADER_BYTES, offset + FRAME_HEADER_BYTES + length)
  if (crc32(body) !== data.readUInt32BE(offset + 4)) return 'CRC mismatch'
  return undefined
}
