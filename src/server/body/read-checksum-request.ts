import type { IncomingHttpHeaders } from 'node:http'
import { S3ServerError } from '../errors.js'
import {
  CHECKSUM_ALGORITHMS,
  CHECKSUM_PREFIX,
  type ChecksumAlgorithm,
  isChecksumValue,
} from './checksum-algorithms.js'

/** The flexible checksum a request asks to verify: in a header, or in the aws-chunked trailer. */
export interface ChecksumRequest {
  algorithm: ChecksumAlgorithm
  /** Lower-case header (or trailer) name, e.g. `x-amz-checksum-crc32`. */
  header: string
  /** The expected base64 value, known only once the body (and its trailer) has been read. */
  expected: () => string | undefined
}

const VALID_NAMES = Object.values(CHECKSUM_ALGORITHMS)
  .map((a) => a.name)
  .join(', ')

function invalid(message: string): S3ServerError {
  return new S3ServerError('InvalidRequest', message)
}

/**
 * Reads the checksum a PutObject / UploadPart asks for, refusing with InvalidRequest (as S3)
 * what cannot be verified: an unknown algorithm, a malformed value, more than one checksum, or
 * `x-amz-sdk-checksum-algorithm` without (or disagreeing with) the checksum it announces.
 *
 * @example readChecksumRequest(req.headers, () => trailers) // { algorithm: CRC32, header: 'x-amz-checksum-crc32', ... }
 */
export function readChecksumRequest(
  headers: IncomingHttpHeaders,
  trailers: () => Map<string, string> | undefined,
  valueHeaders = true,
): ChecksumRequest | undefined {
  const found: ChecksumRequest[] = []
  // `valueHeaders` false: the x-amz-checksum-<alg> headers describe something other than this
  // body (CompleteMultipartUpload's object); only a trailer can then be the body's.
  for (const [suffix, algorithm] of valueHeaders ? Object.entries(CHECKSUM_ALGORITHMS) : []) {
    const header = CHECKSUM_PREFIX + suffix
    const value = headers[header]
    if (typeof value !== 'string') continue
    if (!isChecksumValue(algorithm, value)) throw invalid(`Value for ${header} header is invalid.`)
    found.push({ algorithm, header, expected: () => value })
  }
  const trailer = readTrailerChecksum(headers['x-amz-trailer'], trailers)
  if (trailer) found.push(trailer)
  if (found.length > 1) {
    throw invalid('Expecting a single x-amz-checksum- header. Multiple checksum Types are not allowed.')
  }
  checkSdkAlgorithm(headers['x-amz-sdk-checksum-algorithm'], found[0])
  return found[0]
}

function readTrailerChecksum(
  declared: string | string[] | undefined,
  trailers: () => Map<string, string> | undefined,
): ChecksumRequest | undefined {
  if (typeof declared !== 'string') return undefined
  const header = declared.trim().toLowerCase()
  if (!header.startsWith(CHECKSUM_PREFIX)) return undefined
  const algorithm = CHECKSUM_ALGORITHMS[header.slice(CHECKSUM_PREFIX.length)]
  // Accepting an unknown one would store the object with the check it announced skipped.
  if (!algorithm)
    throw invalid(`The value specified in the x-amz-trailer header is not supported: ${declared}.`)
  return { algorithm, header, expected: () => trailers()?.get(header) }
}

function checkSdkAlgorithm(value: string | string[] | undefined, found: ChecksumRequest | undefined): void {
  if (typeof value !== 'string') return
  const algorithm = CHECKSUM_ALGORITHMS[value.trim().toLowerCase()]
  if (!algorithm) {
    throw invalid(
      `Checksum algorithm provided is unsupported. Please try again with any of the valid types: [${VALID_NAMES}]`,
    )
  }
  if (!found) {
    throw invalid(
      'x-amz-sdk-checksum-algorithm specified, but no corresponding x-amz-checksum-* or x-amz-trailer headers were found.',
    )
  }
  if (found.algorithm !== algorithm)
    throw invalid('Value for x-amz-sdk-checksum-algorithm header is invalid.')
}
