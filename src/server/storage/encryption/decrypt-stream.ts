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

/**
 * Plaintext bytes handed on at a time (1 MiB): yielding each 64 KiB package on its own cost a
 * generator step, a stream push and a socket write per package (measured: with 1 MiB stored
 * reads, an encrypted GET spent more on those than on AES-GCM); one copy costs less.
 */
export const PLAIN_BATCH_SIZE = 1024 * 1024

/** Reads exact byte counts from a stream of chunks, as pieces (no copies). */
class ExactReader {
  private readonly queue = new PieceQueue()
  private readonly source: AsyncIterator<Uint8Array>

  constructor(source: AsyncIterable<Uint8Array>) {
    this.source = source[Symbol.asyncIterator]()
  }

  /** Whether `n` bytes are already queued (read would not wait for the source). */
  holds(n: number): boolean {
    return this.queue.size >= n
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
  // Plaintext is handed on in buffers of about PLAIN_BATCH_SIZE (see there); what is gathered is
  // handed on before waiting for more stored bytes or before a failure, never held back.
  let batch: Buffer[] = []
  let batched = 0
  const flush = (): Buffer => {
    const out = batch.length === 1 ? batch[0]! : Buffer.concat(batch, batched)
    batch = []
    batched = 0
    return out
  }
  try {
    for (const segment of segments) {
      const salt = segment.saltInRange ? Buffer.concat(await reader.read(SALT_SIZE)) : firstSalt
      if (!salt) throw new S3ServerError('InternalError', 'The salt of an encrypted stream was not read.')
      const key = streamKey(objectKey, segment.partNumber, salt)
      const packages = packageCount(segment.plain)
      for (let i = segment.firstPackage; i <= segment.lastPackage; i++) {
        const final = i === packages - 1
        const plainLength = final ? segment.plain - i * PACKAGE_SIZE : PACKAGE_SIZE
        const sealedLength = final ? plainLength + TAG_SIZE : SEALED_PACKAGE_SIZE
        if (batched > 0 && (batched >= PLAIN_BATCH_SIZE || !reader.holds(sealedLength))) yield flush()
        const sealed = await reader.read(sealedLength)
        let at = segment.plainStart + i * PACKAGE_SIZE
        let opened: Buffer[]
        try {
          opened = openPackage(key, i, final, sealed)
        } catch (error) {
          // The packages before the damaged one authenticated: the reader gets them, then the error.
          if (batched > 0) yield flush()
          throw error
        }
        for (const plain of opened) {
          const from = range ? Math.max(range.start, at) - at : 0
          const to = range ? Math.min(range.end, at + plain.length - 1) - at + 1 : plain.length
          if (to > from) {
            batch.push(from === 0 && to === plain.length ? plain : plain.subarray(from, to))
            batched += to - from
          }
          at += plain.length
        }
      }
    }
    if (batched > 0) yield flush()
  } finally {
    await reader.close()
  }
}
