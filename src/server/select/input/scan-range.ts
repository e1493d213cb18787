import { selectError } from '../select-error.js'
import type { SelectRequest } from '../types.js'

/** A ScanRange resolved against the object's size: the records to process start in [start, end]. */
export interface ResolvedScanRange {
  start: number
  end: number
  /** The first byte to read: start - 1, to see whether `start` begins a record. */
  readStart: number
}

/**
 * Resolves `ScanRange` as S3 does: Start alone scans to the end, End alone means the last End
 * bytes, both are inclusive. Undefined when the whole object is scanned.
 */
export function resolveScanRange(
  scanRange: SelectRequest['scanRange'],
  objectSize: number,
): ResolvedScanRange | undefined {
  if (!scanRange || (scanRange.start === undefined && scanRange.end === undefined)) return undefined
  const { start: s, end: e } = scanRange
  for (const [name, v] of [
    ['Start', s],
    ['End', e],
  ] as const) {
    if (v !== undefined && (!Number.isSafeInteger(v) || v < 0)) {
      throw selectError(
        'InvalidRequestParameter',
        `ScanRange ${name} must be a non-negative integer, not ${v}.`,
      )
    }
  }
  if (s !== undefined && e !== undefined && e < s) {
    throw selectError('InvalidRequestParameter', `ScanRange End (${e}) is before Start (${s}).`)
  }
  const start = s ?? Math.max(0, objectSize - e!)
  const end = s === undefined ? objectSize - 1 : Math.min(e ?? objectSize - 1, objectSize - 1)
  return { start, end, readStart: start > 0 ? start - 1 : 0 }
}

/**
 * Drops the bytes before the first record that starts at or after the scan range's start:
 * `input` begins at byte start - 1 (or 0), so a record starts at `start` exactly when that byte
 * ends a record delimiter; otherwise the first record starts after the next delimiter.
 * `skipped` learns how many bytes were dropped.
 */
export async function* alignToRecord(
  input: AsyncIterable<Uint8Array>,
  range: ResolvedScanRange,
  delimiter: string,
  skipped: (n: number) => void,
) {
  if (range.start === 0) {
    skipped(0)
    yield* input
    return
  }
  const delim = Buffer.from(delimiter)
  let seen = 0
  let aligned = false
  let carry = Buffer.alloc(0)
  for await (const chunk of input) {
    if (aligned) {
      yield chunk
      continue
    }
    const buf = Buffer.concat([carry, chunk])
    const base = seen - carry.length
    seen += chunk.byteLength
    let at = -1
    if (base === 0 && buf.length > 0 && buf[0] === delim[delim.length - 1]) at = 1
    else {
      const found = buf.indexOf(delim)
      if (found >= 0) at = found + delim.length
    }
    if (at < 0) {
      carry = buf.subarray(Math.max(0, buf.length - (delim.length - 1)))
      continue
    }
    aligned = true
    skipped(base + at)
    if (at < buf.length) yield buf.subarray(at)
  }
  if (!aligned) skipped(seen)
}
