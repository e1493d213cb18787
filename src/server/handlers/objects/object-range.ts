import type { IncomingHttpHeaders } from 'node:http'
import { S3ServerError } from '../../errors.js'
import type { S3Route } from '../../router/route-request.js'
import { MULTIPART_LIMITS } from '../../storage/multipart-limits.js'
import type { ByteRange, ObjectInfo } from '../../storage/object-layer.js'
import { queryValue } from '../listing/query-params.js'
import { parseRange } from './range.js'

/** What part of an object GET / HEAD answers with. */
export interface RangeSelection {
  range: ByteRange
  /** Set when `partNumber` chose the range: the object's part count (`x-amz-mp-parts-count`). */
  partsCount?: number
}

/**
 * Reads `partNumber` (1..10,000): undefined when absent; InvalidArgument when not a part number,
 * InvalidRequest together with a Range header (S3 refuses both).
 */
export function readPartNumber(
  route: Pick<S3Route, 'query'>,
  headers: IncomingHttpHeaders,
): number | undefined {
  const raw = queryValue(route, 'partNumber')
  if (raw === undefined) return undefined
  const n = /^\d{1,5}$/.test(raw) ? Number(raw) : 0
  if (n < 1 || n > MULTIPART_LIMITS.maxPartNumber) {
    throw new S3ServerError(
      'InvalidArgument',
      `Part number must be an integer between 1 and 10000, inclusive.`,
      {
        ArgumentName: 'partNumber',
        ArgumentValue: raw,
      },
    )
  }
  if (headers.range !== undefined) {
    throw new S3ServerError(
      'InvalidRequest',
      'Cannot specify both Range header and partNumber query parameter.',
    )
  }
  return n
}

/**
 * The bytes to send for a Range header or a part number, against the object as found; undefined
 * means the whole object (no range, or a Range header S3 ignores). 416 InvalidRange when the
 * range is unsatisfiable; 400 InvalidPartNumber (as S3 answers) for a part past the last one (a
 * single-part object has one part).
 *
 * @example selectRange(info, 'bytes=0-9', undefined) // { range: { start: 0, end: 9 } }
 */
export function selectRange(
  info: ObjectInfo,
  rangeHeader: string | undefined,
  partNumber: number | undefined,
): RangeSelection | undefined {
  if (partNumber !== undefined) return partSelection(info, partNumber)
  if (rangeHeader === undefined) return undefined
  const range = parseRange(rangeHeader, info.size)
  if (range === 'unsatisfiable') {
    throw new S3ServerError('InvalidRange', undefined, {
      RangeRequested: rangeHeader,
      ActualObjectSize: String(info.size),
    })
  }
  return range ? { range } : undefined
}

function partSelection(info: ObjectInfo, partNumber: number): RangeSelection | undefined {
  const sizes = info.partSizes ?? [info.size]
  if (partNumber > sizes.length) {
    throw new S3ServerError('InvalidPartNumber', undefined, {
      PartNumberRequested: String(partNumber),
      ActualPartCount: String(sizes.length),
    })
  }
  const start = sizes.slice(0, partNumber - 1).reduce((sum, size) => sum + size, 0)
  const size = sizes[partNumber - 1]!
  // An empty part (or object) has no byte range to name: send it whole (0 bytes), as S3 does.
  if (size === 0) return undefined
  return { range: { start, end: start + size - 1 }, partsCount: sizes.length }
}

/** The headers of a ranged answer (206). */
export function rangeHeaders(selection: RangeSelection, size: number): Record<string, string | number> {
  const { start, end } = selection.range
  return {
    'content-length': end - start + 1,
    'content-range': `bytes ${start}-${end}/${size}`,
    ...(selection.partsCount !== undefined ? { 'x-amz-mp-parts-count': selection.partsCount } : {}),
  }
}
