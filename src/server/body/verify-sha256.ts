import { createHash } from 'node:crypto'
import type { S3ErrorCode } from '../../shared/errors/catalogue.js'
import { S3ServerError } from '../errors.js'

/**
 * Passes `source` through while hashing it; when it ends, throws XAmzContentSHA256Mismatch if
 * the hash is not `expected` (the signed `x-amz-content-sha256`), so nothing is stored.
 *
 * @example await storage.putObject({ ..., body: verifySha256(req, expectedHex) })
 */
export async function* verifySha256(
  source: AsyncIterable<Uint8Array>,
  expected: string,
): AsyncGenerator<Uint8Array> {
  const hash = createHash('sha256')
  for await (const chunk of source) {
    hash.update(chunk)
    yield chunk
  }
  const actual = hash.digest('hex')
  if (actual !== expected) {
    throw new S3ServerError('XAmzContentSHA256Mismatch', undefined, {
      ClientComputedContentSHA256: expected,
      S3ComputedContentSHA256: actual,
    })
  }
}

/**
 * Passes `source` through, failing with `code` (EntityTooLarge unless told) once more than
 * `max` bytes went by (bodies of unknown length).
 */
export async function* limitSize(
  source: AsyncIterable<Uint8Array>,
  max: number,
  code: S3ErrorCode = 'EntityTooLarge',
): AsyncGenerator<Uint8Array> {
  let total = 0
  for await (const chunk of source) {
    total += chunk.byteLength
    if (total > max) throw new S3ServerError(code, `The body exceeds the maximum of ${max} bytes.`)
    yield chunk
  }
}
