import { createHash } from 'node:crypto'
import { Crc32, Crc32c, Crc64Nvme } from '@aws-sdk/checksums/crc'

/** A running checksum; its digest is what `x-amz-checksum-*` carries, base64-encoded. */
export interface RunningChecksum {
  update(data: Uint8Array): void
  digest(): Promise<Uint8Array>
}

/** One S3 flexible-checksum algorithm: how to compute it and its digest length. */
export interface ChecksumAlgorithm {
  /** S3's name, as in `x-amz-sdk-checksum-algorithm` (`CRC64NVME`). */
  name: string
  bytes: number
  create(): RunningChecksum
}

// The CRCs come from the AWS SDK's own checksum package (pure JS, the code every AWS SDK for
// JavaScript computes them with), so both ends agree by construction; the SHAs from node:crypto.
function createSha(algorithm: 'sha1' | 'sha256'): RunningChecksum {
  const hash = createHash(algorithm)
  return {
    update: (data) => {
      hash.update(data)
    },
    digest: async () => hash.digest(),
  }
}

/** The algorithms S3 accepts, by the suffix of their header (`x-amz-checksum-<suffix>`). */
export const CHECKSUM_ALGORITHMS: Readonly<Record<string, ChecksumAlgorithm>> = {
  crc32: { name: 'CRC32', bytes: 4, create: () => new Crc32() },
  crc32c: { name: 'CRC32C', bytes: 4, create: () => new Crc32c() },
  crc64nvme: { name: 'CRC64NVME', bytes: 8, create: () => new Crc64Nvme() },
  sha1: { name: 'SHA1', bytes: 20, create: () => createSha('sha1') },
  sha256: { name: 'SHA256', bytes: 32, create: () => createSha('sha256') },
}

/** Header-name prefix of every flexible checksum. */
export const CHECKSUM_PREFIX = 'x-amz-checksum-'

/**
 * Whether `value` is a well-formed checksum for `algorithm`: canonical base64 of exactly its
 * digest length.
 */
export function isChecksumValue(algorithm: ChecksumAlgorithm, value: string): boolean {
  const bytes = Buffer.from(value, 'base64')
  return bytes.length === algorithm.bytes && bytes.toString('base64') === value
}
