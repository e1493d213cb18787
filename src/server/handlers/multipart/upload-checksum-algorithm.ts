import type { IncomingHttpHeaders } from 'node:http'
import { CHECKSUM_ALGORITHMS } from '../../body/checksum-algorithms.js'
import { S3ServerError } from '../../errors.js'
import { UPLOAD_ALGORITHM_HEADER } from './composite-checksum.js'

/**
 * The upload header recording CreateMultipartUpload's `x-amz-checksum-algorithm`
 * (`{ 'x-amz-checksum-algorithm': 'crc32' }`, `{}` without one), whose COMPOSITE checksum
 * CompleteMultipartUpload computes. An unknown algorithm, or `x-amz-checksum-type` without
 * one, is InvalidRequest; a FULL_OBJECT checksum (CRC64NVME's only type) is NotImplemented
 * rather than silently answered as COMPOSITE.
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
  if (type === 'FULL_OBJECT' || algorithm.name === 'CRC64NVME') {
    throw new S3ServerError(
      'NotImplemented',
      'FULL_OBJECT multipart checksums are not implemented; use a COMPOSITE checksum (CRC32, CRC32C, SHA1, SHA256).',
    )
  }
  return { [UPLOAD_ALGORITHM_HEADER]: suffix }
}
