// Request IDs are the upper-case hex of the Unix time in nanoseconds (as MinIO's are): unique
// per process in practice because hrtime is monotonic, and sortable by time.
const ORIGIN = BigInt(Date.now()) * 1_000_000n - process.hrtime.bigint()
let last = 0n

/**
 * A fresh request ID for `x-amz-request-id`.
 * @example nextRequestId() // '18C2F4A1B3D5E6F7'
 */
export function nextRequestId(): string {
  let now = ORIGIN + process.hrtime.bigint()
  if (now <= last) now = last + 1n
  last = now
  return now.toString(16).toUpperCase()
}
