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
import { PieceQueue } from './piece-queue.js'
import type { StreamSegment } from './read-plan.js'

/** Reads exact byte counts from a stream of chunks, as pieces (no copies). */
class ExactReader {
  private readonly queue = new PieceQueue()
  private readonly source: AsyncIterator<Uint8Array>

  constructor(source: AsyncIterable<Uint8Array>) {
    this.source = source[Symbol.asyncIterator]()
  }

  async read(n: number): Promise<Buffer[]> {
    while (this.queue.size < n) {
      const next = await this.source.next()
      if (next.done) throw damaged('the stored data ended early')
      this.queue.push(next.value)
    }
    return this.queue.take(n)
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
      const salt = segment.saltInRange ? Buffer.concat(await reader.read(SALT_SIZE)) : firstSalt
      if (!salt) throw new S3ServerError('InternalError', 'The salt of an encrypted stream was not read.')
      const key = streamKey(objectKey, segment.partNumber, salt)
      const packages = packageCount(segment.plain)
      for (let i = segment.firstPackage; i <= segment.lastPackage; i++) {
        const final = i === packages - 1
        const plainLength = final ? segment.plain - i * PACKAGE_SIZE : PACKAGE_SIZE
        const sealed = await reader.read(final ? plainLength + TAG_SIZE : SEALED_PACKAGE_SIZE)
        let at = segment.plainStart + i * PACKAGE_SIZE
        for (const plain of openPackage(key, i, final, sealed)) {
          const from = range ? Math.max(range.start, at) - at : 0
          const to = range ? Math.min(range.end, at + plain.length - 1) - at + 1 : plain.length
          if (to > from) yield from === 0 && to === plain.length ? plain : plain.subarray(from, to)
          at += plain.length
        }
      }
    }
  } finally {
    await reader.close()
  }
}
