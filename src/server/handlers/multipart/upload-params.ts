import { S3ServerError } from '../../errors.js'
import type { S3Route } from '../../router/route-request.js'
import { MULTIPART_LIMITS } from '../../storage/multipart-limits.js'
import { queryValue } from '../listing/query-params.js'

/**
 * The `uploadId` query parameter (the router only routes here when it is present).
 * @example readUploadId(route) // '0193b3c2f1a04e0c…'
 */
export function readUploadId(route: Pick<S3Route, 'query'>): string {
  const id = queryValue(route, 'uploadId') ?? ''
  if (id === '') throw new S3ServerError('NoSuchUpload', 'The uploadId parameter is empty.', { UploadId: id })
  return id
}

/**
 * The `partNumber` query parameter: an integer in 1..10,000, else InvalidArgument.
 * @example readUploadPartNumber(route) // 3
 */
export function readUploadPartNumber(route: Pick<S3Route, 'query'>): number {
  const raw = queryValue(route, 'partNumber') ?? ''
  const n = /^\d{1,5}$/.test(raw) ? Number(raw) : 0
  if (n >= 1 && n <= MULTIPART_LIMITS.maxPartNumber) return n
  throw new S3ServerError(
    'InvalidArgument',
    'Part number must be an integer between 1 and 10000, inclusive.',
    {
      ArgumentName: 'partNumber',
      ArgumentValue: raw,
    },
  )
}
