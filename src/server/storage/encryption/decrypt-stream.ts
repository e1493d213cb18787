import { S3ServerError } from '../../errors.js'
import type { ByteRange } from '../object-layer.js'
import {
  damaged,
  openPackage,
  PACKAGE_SIZE,
  packageCount,
  SALT_SIZE,
  SEALED_PACKAGE_SIZE,
  streamKey,
  TAG_SIZE,
} from './package-format.js'
import type { StreamSegment } from './read-plan.js'

/** Reads exact byte counts from a stream of chunks. */
class ExactReader {
  private buffered: Buffer[] = []
  private bufferedBytes = 0
  private readonly source: AsyncIterator<Uint8Array>

  constructor(source: AsyncIterable<Uint8Array>) {
    this.source = source[Symbol.asyncIterator]()
  }

  async read(n: number): Promise<Buffer> {
    while (this.bufferedBytes < n) {
      const next = await this.source.next()
      if (next.done) throw damaged('the stored data ended early')
      const chunk = Buffer.from(next.value.buffer, next.value.byteOffset, next.value.byteLength)
      this.buffered.push(chunk)
      this.bufferedBytes += chunk.length
    }
    const all =
      this.buffered.length === 1 ? this.buffered[0]! : Buffer.concat(this.buffered, this.bufferedBytes)
    this.buffered = n < all.length ? [all.subarray(n)] : []
    this.bufferedBytes -= n
    return all.subarray(0, n)
  }

  async close(): Promise<void> {
    await this.source.return?.()
  }
}

/**
 * Decrypts the stored bytes a ReadPlan reads (`stored`, from the plan's stored start) and yields
 * exactly the plaintext of `range`. `firstSalt` is the first segment's salt when the plan reads
 * it on its own. A package that does not authenticate ends the stream with an error: a reader
 * gets the bytes before it and then a failure, never wrong bytes.
 */
export async function* decryptSegments(
  stored: AsyncIterable<Uint8Array>,
  segments: readonly StreamSegment[],
  objectKey: Uint8Array,
  range: ByteRange | undefined,
  firstSalt?: Uint8Array,
): AsyncGenerator<Buffer> {
  const reader = new ExactReader(stored)
  try {
    for (const segment of segments) {
      const salt = segment.saltInRange ? await reader.read(SALT_SIZE) : firstSalt
      if (!salt) throw new S3ServerError('InternalError', 'The salt of an encrypted stream was not read.')
      const key = streamKey(objectKey, segment.partNumber, salt)
      const packages = packageCount(segment.plain)
      for (let i = segment.firstPackage; i <= segment.lastPackage; i++) {
        const final = i === packages - 1
        const plainLength = final ? segment.plain - i * PACKAGE_SIZE : PACKAGE_SIZE
        const sealed = await reader.read(final ? plainLength + TAG_SIZE : SEALED_PACKAGE_SIZE)
        const plain = openPackage(key, i, final, sealed)
        const at = segment.plainStart + i * PACKAGE_SIZE
        if (!range) {
          if (plain.length > 0) yield plain
          continue
        }
        const from = Math.max(range.start, at) - at
        const to = Math.min(range.end, at + plain.length - 1) - at + 1
        if (to > from) yield plain.subarray(from, to)
      }
    }
  } finally {
    await reader.close()
  }
}
