import { createHash, randomBytes } from 'node:crypto'
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
  /** Once the body has ended: the plaintext byte count. */
  plain(): { size: number }
  /**
   * Once the body has ended: the ETag clients see. S3's rules: the MD5 of the plaintext for
   * SSE-S3 (`plaintextEtag`), something else for SSE-C (here 16 random bytes in hex: the MD5
   * would tell who holds a guess of the plaintext whether it is right).
   */
  etag(): string
}

/**
 * Encrypts a body into one stream (package-format.ts). The declared size and Content-MD5 are
 * checked against the plaintext; a mismatch (IncompleteBody, BadDigest) fails the body before
 * its last package, so the backend stores nothing.
 */
export function sealBody(
  input: PlainBody,
  objectKey: Uint8Array,
  partNumber: number,
  plaintextEtag: boolean,
): SealedBody {
  // A malformed Content-MD5 fails before a byte is read (InvalidDigest), as on plaintext writes.
  const expectedMd5 = input.contentMd5 === undefined ? undefined : parseContentMd5(input.contentMd5)
  // The plaintext is hashed only when its MD5 is the ETag or Content-MD5 must be checked.
  const hash = plaintextEtag || expectedMd5 !== undefined ? createHash('md5') : undefined
  const randomEtag = plaintextEtag ? undefined : randomBytes(16).toString('hex')
  let count = 0
  let md5Hex: string | undefined
  const onChunk = (chunk: Uint8Array) => {
    hash?.update(chunk)
    count += chunk.length
    if (input.size !== undefined && count > input.size) throw incompleteBody(input.size, count)
  }
  const onEnd = () => {
    md5Hex = hash?.digest('hex')
    if (input.size !== undefined && count !== input.size) throw incompleteBody(input.size, count)
    if (expectedMd5 !== undefined && expectedMd5 !== md5Hex) {
      throw new S3ServerError('BadDigest', undefined, { ExpectedDigest: expectedMd5 })
    }
  }
  return {
    body: encryptStream(input.body, objectKey, partNumber, onChunk, onEnd),
    size: input.size === undefined ? undefined : sealedSize(input.size),
    plain: () => ({ size: count }),
    etag: () => {
      const etag = randomEtag ?? md5Hex
      if (etag === undefined)
        throw new S3ServerError('InternalError', 'The ETag was asked for before the body ended.')
      return etag
    },
  }
}
