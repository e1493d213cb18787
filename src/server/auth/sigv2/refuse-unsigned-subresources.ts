import type { QueryPairs } from '../../../shared/sigv4/canonical-query.js'
import { S3ServerError } from '../../errors.js'
import { findSubresources } from '../../router/subresources.js'
import { SIGV2_SIGNED_SUBRESOURCES } from './signed-subresources.js'

/**
 * Refuses a V2-signed request whose query names a sub-resource no V2 signature covers
 * (`?publicAccessBlock`, `?attributes`, ...). The sub-resource chooses the operation, so
 * accepting it unsigned would let whoever holds a V2 presigned URL, or replays a V2 request
 * within its 15 minutes, turn `PUT /bucket` (CreateBucket) into `PUT /bucket?ownershipControls`.
 * MinIO accepts such requests; Silo asks for SigV4 instead (403 AccessDenied naming it).
 *
 * @example refuseUnsignedSubresources([['publicAccessBlock', '']]) // throws AccessDenied
 */
export function refuseUnsignedSubresources(query: QueryPairs): void {
  const unsigned = findSubresources(query).filter((name) => !SIGV2_SIGNED_SUBRESOURCES.has(name))
  if (unsigned.length === 0) return
  throw new S3ServerError(
    'AccessDenied',
    `AWS Signature Version 2 does not sign the sub-resource(s) ${unsigned.map((n) => `'${n}'`).join(', ')}: sign this request with Signature Version 4.`,
  )
}
