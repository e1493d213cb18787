/** minio-js's `calculatePartSize`: the part size its uploads would use for an object size. */
import { MAX_OBJECT_SIZE, MAX_PARTS } from '../../upload/part-size.js'

const STEP = 16 * 1024 * 1024

/**
 * The client's part size when it was configured, else the smallest of 64 MiB, 80 MiB, 96 MiB…
 * that holds `size` in 10,000 parts (minio-js's rule; Silo's own uploads choose theirs as
 * upload/part-size.ts says).
 * @example
 * calculatePartSize(10 * 1024 ** 3, 64 * 1024 ** 2, false) // 67108864
 */
export function calculatePartSize(size: unknown, partSize: number, configured: boolean): number {
  if (typeof size !== 'number' || Number.isNaN(size)) throw new TypeError('size should be of type "number"')
  if (size > MAX_OBJECT_SIZE) throw new TypeError(`size should not be more than ${MAX_OBJECT_SIZE}`)
  if (configured) return partSize
  let candidate = partSize
  while (candidate * MAX_PARTS <= size) candidate += STEP
  return candidate
}
