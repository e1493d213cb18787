import { S3ServerError } from '../../errors.js'
import { MULTIPART_LIMITS } from '../multipart-limits.js'

/**
 * The checks of multipart requests that do not depend on where parts are stored: the single
 * drive and the erasure layer both run them before touching a part.
 */

/** A part as CompleteMultipartUpload names it. */
interface RequestedPart {
  partNumber: number
}

/** InvalidArgument unless `partNumber` is an integer in 1..10,000. */
export function checkPartNumber(partNumber: number): void {
  if (Number.isInteger(partNumber) && partNumber >= 1 && partNumber <= MULTIPART_LIMITS.maxPartNumber) return
  throw new S3ServerError(
    'InvalidArgument',
    `Part number must be an integer between 1 and ${MULTIPART_LIMITS.maxPartNumber}, inclusive.`,
    { ArgumentName: 'partNumber', ArgumentValue: String(partNumber) },
  )
}

/** MalformedXML for no parts, InvalidPartOrder unless part numbers strictly ascend. */
export function checkRequestedParts(parts: readonly RequestedPart[]): void {
  if (parts.length === 0) {
    throw new S3ServerError('MalformedXML', 'CompleteMultipartUpload must name at least one part.')
  }
  for (let i = 1; i < parts.length; i++) {
    if (parts[i]!.partNumber <= parts[i - 1]!.partNumber) throw new S3ServerError('InvalidPartOrder')
  }
}

/**
 * EntityTooSmall for a part other than the last under `minPartSize` (default 5 MiB),
 * EntityTooLarge past 5 TiB in all; undefined when the sizes of `parts` (in the request's order)
 * are fine.
 */
export function partSizeError(
  sizes: number[],
  parts: readonly RequestedPart[],
  minPartSize = MULTIPART_LIMITS.minPartSize,
): S3ServerError | undefined {
  const small = sizes.findIndex((size, i) => i < sizes.length - 1 && size < minPartSize)
  if (small >= 0) {
    return new S3ServerError('EntityTooSmall', undefined, {
      ProposedSize: String(sizes[small]),
      MinSizeAllowed: String(minPartSize),
      PartNumber: String(parts[small]!.partNumber),
    })
  }
  const total = sizes.reduce((sum, size) => sum + size, 0)
  if (total > MULTIPART_LIMITS.maxObjectSize) {
    return new S3ServerError('EntityTooLarge', `The completed object would be ${total} bytes; at most 5 TiB.`)
  }
  return undefined
}

/** An ETag as stored: without the quotes a client may send. */
export function unquote(etag: string): string {
  return etag.trim().replace(/^"(.*)"$/, '$1')
}
