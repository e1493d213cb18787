import type { IncomingHttpHeaders } from 'node:http'
import { CHECKSUM_ALGORITHMS } from '../../body/checksum-algorithms.js'
import { CRC_POLYNOMIALS } from '../../body/crc-combine.js'
import { S3ServerError } from '../../errors.js'
import { UPLOAD_ALGORITHM_HEADER, UPLOAD_TYPE_HEADER } from './composite-checksum.js'

/**
 * The upload headers recording CreateMultipartUpload's `x-amz-checksum-algorithm`
 * (`{ 'x-amz-checksum-algorithm': 'crc32', 'x-amz-checksum-type': 'COMPOSITE' }`, `{}` without
 * one), whose checksum
 * CompleteMultipartUpload computes, and its `x-amz-checksum-type` (COMPOSITE, or FULL_OBJECT for
 * the CRCs). An unknown algorithm, `x-amz-checksum-type` without one, or a type the algorithm
 * does not have is InvalidRequest.
 */
export function readUploadChecksumAlgorithm(headers: IncomingHttpHeaders): Record<string, string> {
  const named = headers['x-amz-checksum-algorithm']
  const type = headers['x-amz-checksum-type']?.toString().toUpperCase()
  if (typeof named !== 'string') {
    if (type !== undefined) {
      throw new S3ServerError('InvalidRequest', 'x-amz-checksum-type requires x-amz-checksum-algorithm.')
    }
    return {}
  }
  const suffix = named.trim().toLowerCase()
  const algorithm = CHECKSUM_ALGORITHMS[suffix]
  if (!algorithm) {
    throw new S3ServerError('InvalidRequest', `Checksum algorithm provided is unsupported: ${named}.`)
  }
  if (type !== undefined && type !== 'COMPOSITE' && type !== 'FULL_OBJECT') {
    throw new S3ServerError('InvalidRequest', `Value for x-amz-checksum-type header is invalid: ${type}.`)
  }
  // As S3: CRC64NVME is FULL_OBJECT only (and its default), the SHAs COMPOSITE only.
  const chosen = type ?? (suffix === 'crc64nvme' ? 'FULL_OBJECT' : 'COMPOSITE')
  const combinable = CRC_POLYNOMIALS[suffix] !== undefined
  if ((chosen === 'FULL_OBJECT' && !combinable) || (chosen === 'COMPOSITE' && suffix === 'crc64nvme')) {
    throw new S3ServerError(
      'InvalidRequest',
      `The ${chosen} checksum type cannot be used with the ${algorithm.name} checksum algorithm.`,
    )
  }
  return { [UPLOAD_ALGORITHM_HEADER]: suffix, [UPLOAD_TYPE_HEADER]: chosen }
}
