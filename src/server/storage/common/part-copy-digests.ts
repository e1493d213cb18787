import { createHash } from 'node:crypto'
import { CHECKSUM_ALGORITHMS, CHECKSUM_PREFIX } from '../../body/checksum-algorithms.js'

/** The upload header recording CreateMultipartUpload's `x-amz-checksum-algorithm` (its suffix). */
const UPLOAD_ALGORITHM_HEADER = 'x-amz-checksum-algorithm'

/**
 * The checksum algorithm (header suffix: 'crc32', 'sha256'...) an upload was created with, or
 * undefined: each of its parts must carry that checksum for the upload to complete.
 *
 * @example uploadChecksumSuffix({ 'x-amz-checksum-algorithm': 'crc32' }) // 'crc32'
 */
export function uploadChecksumSuffix(headers: Readonly<Record<string, string>>): string | undefined {
  const named = headers[UPLOAD_ALGORITHM_HEADER]?.toLowerCase()
  return named !== undefined && CHECKSUM_ALGORITHMS[named] ? named : undefined
}

/** What a copied part's bytes hash to. */
export interface PartDigests {
  /** Hex MD5, or '' when it was not asked for. */
  md5Hex: string
  /** `{ 'x-amz-checksum-<suffix>': base64 }`, or `{}` without an algorithm. */
  checksum: Record<string, string>
}

/** Hashes a copied part's bytes as they pass: its MD5 (the part's ETag) and the upload's checksum. */
export interface PartDigester {
  update(chunk: Uint8Array): void
  finish(): Promise<PartDigests>
}

/**
 * A digester computing the MD5 when `md5` is set and the `suffix` checksum when one is given.
 *
 * @example const digester = createPartDigester({ md5: true, suffix: 'crc32' })
 */
export function createPartDigester(options: { md5: boolean; suffix?: string }): PartDigester {
  const md5 = options.md5 ? createHash('md5') : undefined
  const algorithm = options.suffix === undefined ? undefined : CHECKSUM_ALGORITHMS[options.suffix]
  const running = algorithm?.create()
  return {
    update(chunk) {
      md5?.update(chunk)
      running?.update(chunk)
    },
    async finish() {
      const checksum: Record<string, string> = {}
      if (running)
        checksum[CHECKSUM_PREFIX + options.suffix] = Buffer.from(await running.digest()).toString('base64')
      return { md5Hex: md5 ? md5.digest('hex') : '', checksum }
    },
  }
}

/**
 * `body` as it is read, hashed by `digester`; once its last chunk has been taken, the digests are
 * in `result.digests` (before the consumer sees the end, so a part's `trailingHeaders` has them).
 */
export function digestWhileReading(
  body: AsyncIterable<Uint8Array>,
  digester: PartDigester,
): { body: AsyncIterable<Uint8Array>; result: { digests?: PartDigests } } {
  const result: { digests?: PartDigests } = {}
  async function* read(): AsyncGenerator<Uint8Array> {
    for await (const chunk of body) {
      digester.update(chunk)
      yield chunk
    }
    result.digests = await digester.finish()
  }
  return { body: read(), result }
}
