/**
 * `s3.object.sequencer` values. S3 documents the sequencer as a hex string that orders events
 * of one key: compare two as strings after padding the shorter with zeros on the right.
 *
 * Ours are always 20 upper-case hex digits, so plain string comparison orders them:
 * 12 digits of the event time in milliseconds since the epoch, then 8 digits of a counter that
 * counts events within one millisecond. The time part never goes backwards even if the clock
 * does (it holds at the last value and the counter advances), and a counter overflow carries into
 * the time part. So within one process every value is strictly greater than the one before,
 * which orders the events of any key. Across processes and restarts only the time part orders
 * them (MinIO's nanosecond sequencer has the same limit, issue #18272).
 */

const TIME_DIGITS = 12
const COUNTER_DIGITS = 8
const COUNTER_MAX = 0xffffffff

/** Makes strictly increasing sequencer strings. */
export type Sequencer = () => string

/**
 * Creates a sequencer reading time from `now` (milliseconds, default `Date.now`).
 *
 * @example const next = createSequencer(); next() < next() // true
 */
export function createSequencer(now: () => number = Date.now): Sequencer {
  let lastMs = -1
  let counter = 0
  return () => {
    let ms = Math.floor(now())
    if (ms <= lastMs) {
      ms = lastMs
      counter++
      if (counter > COUNTER_MAX) {
        ms++
        counter = 0
      }
    } else counter = 0
    lastMs = ms
    return hex(ms, TIME_DIGITS) + hex(counter, COUNTER_DIGITS)
  }
}

function hex(n: number, digits: number): string {
  return n.toString(16).toUpperCase().padStart(digits, '0')
}
