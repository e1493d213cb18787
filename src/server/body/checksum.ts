import { createHash } from 'node:crypto'
import { crc32 } from 'node:zlib'
import { S3ServerError } from '../errors.js'
import { crc32c } from './crc32c.js'

/** A running checksum whose digest is base64, as in `x-amz-checksum-*` headers. */
interface Checksum {
  update(data: Uint8Array): void
  digestBase64(): string
}

function createCrc(fn: (data: Uint8Array, previous: number) => number): Checksum {
  let value = 0
  return {
    update: (data) => {
      value = fn(data, value)
    },
    digestBase64: () => {
      const out = Buffer.alloc(4)
      out.writeUInt32BE(value >>> 0)
      return out.toString('base64')
    },
  }
}

function createDigest(algorithm: 'sha1' | 'sha256'): Checksum {
  const hash = createHash(algorithm)
  return { update: (data) => hash.update(data), digestBase64: () => hash.digest('base64') }
}

// crc64nvme is not offered by node:zlib or node:crypto; such checksums are accepted unverified.
const FACTORIES: Record<string, () => Checksum> = {
  crc32: () => createCrc(crc32),
  crc32c: () => createCrc(crc32c),
  sha1: () => createDigest('sha1'),
  sha256: () => createDigest('sha256'),
}

/** The checksum a request asks to verify: `x-amz-checksum-<algorithm>`, as a header or a trailer. */
export interface ChecksumSpec {
  /** Lower-case header name, e.g. `x-amz-checksum-crc32`. */
  header: string
  /** The expected base64 value, known only once the body (and its trailer) has been read. */
  expected: () => string | undefined
}

/**
 * Passes `source` through while computing the checksum; at the end compares with the expected
 * value and throws BadDigest on a mismatch (before the source ends, so nothing is stored), or
 * MalformedTrailerError when a trailer declared by `x-amz-trailer` never came. Unknown
 * algorithms pass through unverified.
 *
 * @example verifyChecksum(body, { header: 'x-amz-checksum-crc32', expected: () => headerValue })
 */
export async function* verifyChecksum(
  source: AsyncIterable<Uint8Array>,
  spec: ChecksumSpec,
): AsyncGenerator<Uint8Array> {
  const factory = FACTORIES[spec.header.slice('x-amz-checksum-'.length)]
  if (!factory) {
    yield* source
    expectedOf(spec)
    return
  }
  const checksum = factory()
  for await (const chunk of source) {
    checksum.update(chunk)
    yield chunk
  }
  if (expectedOf(spec) !== checksum.digestBase64()) {
    throw new S3ServerError(
      'BadDigest',
      `The ${spec.header} you specified did not match the calculated checksum.`,
    )
  }
}

// A trailer declared by x-amz-trailer but absent would otherwise skip the check it announced.
function expectedOf(spec: ChecksumSpec): string {
  const expected = spec.expected()
  if (expected !== undefined) return expected
  throw new S3ServerError(
    'MalformedTrailerError',
    `The ${spec.header} trailer declared by x-amz-trailer is missing from the body.`,
  )
}
