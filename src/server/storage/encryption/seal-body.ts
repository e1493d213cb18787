import { createHash } from 'node:crypto'
import { S3ServerError } from '../../errors.js'
import { parseContentMd5 } from '../common/content-md5.js'
import { incompleteBody } from '../common/incomplete-body.js'
import { encryptStream, sealedSize } from './package-format.js'

/** A body to encrypt, as PutObject and UploadPart give it (plaintext size and Content-MD5). */
export interface PlainBody {
  body: AsyncIterable<Uint8Array>
  size?: number
  contentMd5?: string
}

/** The encrypted body handed to the backend, and what is known of the plaintext once it ended. */
export interface SealedBody {
  body: AsyncGenerator<Buffer>
  /** The stored size when the plaintext size was declared. */
  size?: number
  /** Once the body has ended: plaintext byte count and hex MD5. */
  plain(): { size: number; md5Hex: string }
}

/**
 * Encrypts a body into one stream (package-format.ts). The declared size and Content-MD5 are
 * checked against the plaintext; a mismatch (IncompleteBody, BadDigest) fails the body before
 * its last package, so the backend stores nothing.
 */
export function sealBody(input: PlainBody, objectKey: Uint8Array, partNumber: number): SealedBody {
  // A malformed Content-MD5 fails before a byte is read (InvalidDigest), as on plaintext writes.
  const expectedMd5 = input.contentMd5 === undefined ? undefined : parseContentMd5(input.contentMd5)
  const hash = createHash('md5')
  let count = 0
  let md5Hex: string | undefined
  const onChunk = (chunk: Uint8Array) => {
    hash.update(chunk)
    count += chunk.length
    if (input.size !== undefined && count > input.size) throw incompleteBody(input.size, count)
  }
  const onEnd = () => {
    md5Hex = hash.digest('hex')
    if (input.size !== undefined && count !== input.size) throw incompleteBody(input.size, count)
    if (expectedMd5 !== undefined && expectedMd5 !== md5Hex) {
      throw new S3ServerError('BadDigest', undefined, { ExpectedDigest: expectedMd5 })
    }
  }
  return {
    body: encryptStream(input.body, objectKey, partNumber, onChunk, onEnd),
    size: input.size === undefined ? undefined : sealedSize(input.size),
    plain: () => ({ size: count, md5Hex: md5Hex ?? hash.copy().digest('hex') }),
  }
}
