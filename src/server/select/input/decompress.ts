import { Duplex, pipeline, Readable } from 'node:stream'
import { createGunzip } from 'node:zlib'
import unbzip2 from 'unbzip2-stream'
import { isS3ServerError } from '../../errors.js'
import { selectError } from '../select-error.js'
import type { CompressionType } from '../types.js'
import { InputStreamError } from './byte-stages.js'

/**
 * The object's bytes decompressed as `compression` says, pulled only as fast as they are
 * consumed (stream backpressure reaches `input`). A stream that is not what its compression
 * claims fails with InvalidCompressionFormat.
 */
export async function* decompress(input: AsyncIterable<Uint8Array>, compression: CompressionType) {
  if (compression === 'NONE') {
    yield* input
    return
  }
  const decoder: Duplex = compression === 'GZIP' ? createGunzip() : bzip2Decoder()
  // pipeline destroys every stage when one fails or when the reader below stops early, so an
  // abandoned query also closes the storage stream behind `input`.
  // A failing source makes the bzip2 duplex report "Premature close"; remember the real cause.
  let sourceError: unknown
  async function* source() {
    try {
      yield* input
    } catch (e) {
      sourceError = e
      throw e
    }
  }
  const output = pipeline(Readable.from(source(), { objectMode: false }), decoder, () => {})
  try {
    for await (const chunk of output) yield chunk as Uint8Array
  } catch (e) {
    if (sourceError !== undefined) throw sourceError
    if (isS3ServerError(e) || e instanceof InputStreamError) throw e
    throw selectError(
      'InvalidCompressionFormat',
      `The object is not valid ${compression}: ${(e as Error).message}`,
    )
  }
}

/**
 * unbzip2-stream is a classic (through) stream; Readable#wrap gives it a modern readable side
 * with backpressure (wrap pauses it when the reader falls behind; its writes then report full,
 * which pauses the source), and Duplex.from joins the two sides for pipeline.
 */
function bzip2Decoder(): Duplex {
  const classic = unbzip2()
  const readable = new Readable({ highWaterMark: 64 * 1024 }).wrap(classic)
  return Duplex.from({ writable: classic, readable })
}
