/** getPartialObject: GetObject with a `Range: bytes=offset-[offset+length-1]` header. */
import { InvalidArgumentError } from '../../errors.js'
import type { BodyStream } from '../../platform/types.js'
import type { Transport } from '../../transport/transport.js'
import { getObject } from './get-object.js'

/**
 * Downloads `length` bytes from `offset` (length 0 or left out: to the end).
 * @example
 * const stream = await getPartialObject(transport, 'videos', 'a.mp4', 1024, 4096)
 */
export async function getPartialObject(
  t: Transport,
  bucketName: unknown,
  objectName: unknown,
  offset: unknown,
  length?: unknown,
  getOpts?: unknown,
): Promise<BodyStream> {
  return getObject(t, bucketName, objectName, getOpts, rangeHeader(offset, length))
}

/**
 * The Range header for an offset and length, or undefined for the whole object (minio-js §2.10).
 * @example
 * rangeHeader(10, 5) // 'bytes=10-14'
 */
export function rangeHeader(offset: unknown, length: unknown): string | undefined {
  const from = count(offset, 'offset')
  const size = count(length ?? 0, 'length')
  if (from === 0 && size === 0) return undefined
  return size === 0 ? `bytes=${from}-` : `bytes=${from}-${from + size - 1}`
}

function count(value: unknown, name: string): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
    throw new InvalidArgumentError(`Invalid ${name}: must be a non-negative integer, got ${String(value)}`)
  }
  return value
}
