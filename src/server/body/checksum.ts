import { S3ServerError } from '../errors.js'
import type { ChecksumRequest } from './read-checksum-request.js'

/**
 * Passes `source` through while computing the requested checksum; at the end compares it with
 * the expected value and throws BadDigest on a mismatch (before the source ends, so nothing is
 * stored), or MalformedTrailerError when a trailer declared by `x-amz-trailer` never came. A
 * match is handed to `onVerified` (base64) before the source ends, so it can be stored with the
 * object.
 *
 * @example verifyChecksum(body, readChecksumRequest(req.headers, () => trailers)!, (v) => (value = v))
 */
export async function* verifyChecksum(
  source: AsyncIterable<Uint8Array>,
  request: ChecksumRequest,
  onVerified: (value: string) => void = () => {},
): AsyncGenerator<Uint8Array> {
  const checksum = request.algorithm.create()
  for await (const chunk of source) {
    checksum.update(chunk)
    yield chunk
  }
  const actual = Buffer.from(await checksum.digest()).toString('base64')
  if (expectedOf(request) !== actual) {
    throw new S3ServerError(
      'BadDigest',
      `The ${request.algorithm.name} you specified did not match the calculated checksum.`,
    )
  }
  onVerified(actual)
}

// A trailer declared by x-amz-trailer but absent would otherwise skip the check it announced.
function expectedOf(request: ChecksumRequest): string {
  const expected = request.expected()
  if (expected !== undefined) return expected
  throw new S3ServerError(
    'MalformedTrailerError',
    `The ${request.header} trailer declared by x-amz-trailer is missing from the body.`,
  )
}
