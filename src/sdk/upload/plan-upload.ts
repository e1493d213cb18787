/**
 * How an upload is sent: one PUT up to the multipart threshold (5 MiB), else a multipart upload.
 * Streams of unknown length are read up to 5 MiB first; if they end there they go as one PUT.
 */
import { checkLength, iterateChunks } from '../body/chunks.js'
import type { WireBody } from '../platform/types.js'
import {
  KNOWN_SIZE_BASE,
  knownSizePartSize,
  MULTIPART_THRESHOLD,
  type PartSizeOf,
  UNKNOWN_SIZE_START,
  unknownSizeSchedule,
} from './part-size.js'
import { concatBytes, peekBytes } from './peek-bytes.js'
import { sourceChunks } from './readable-chunks.js'
import type { UploadSource } from './source.js'

/** One PUT of the whole body. */
export interface SinglePutPlan {
  kind: 'single'
  body: WireBody
  size: number
}

/** A multipart upload of a stream of parts. */
export interface MultipartPlan {
  kind: 'multipart'
  chunks: AsyncIterable<Uint8Array>
  sizeOf: PartSizeOf
  size: number | undefined
}

/** The ways an upload can be sent. */
export type UploadPlan = SinglePutPlan | MultipartPlan

/** Part sizes to plan with: the upload option, else the client's. */
export interface PartSizing {
  option: number | undefined
  client: number
}

/**
 * Chooses how to send an upload.
 * @example
 * const plan = await planUpload({ kind: 'bytes', bytes }, undefined, { option: undefined, client: 64 * 1024 ** 2 })
 */
export async function planUpload(
  source: UploadSource,
  size: number | undefined,
  sizing: PartSizing,
): Promise<UploadPlan> {
  if (source.kind === 'bytes') return known(source.bytes, [source.bytes], source.bytes.byteLength, sizing)
  if (source.kind === 'blob') {
    const { blob } = source
    return known({ stream: blob, length: blob.size }, iterateChunks(blob), blob.size, sizing)
  }
  if (size !== undefined) {
    if (size > MULTIPART_THRESHOLD) {
      return known(undefined, checkLength(sourceChunks(source.stream), size), size, sizing)
    }
    return { kind: 'single', body: { stream: source.stream, length: size }, size }
  }
  const peeked = await peekBytes(sourceChunks(source.stream), MULTIPART_THRESHOLD)
  if (peeked.ended) {
    return { kind: 'single', body: concatBytes(peeked.head, peeked.headLength), size: peeked.headLength }
  }
  return {
    kind: 'multipart',
    chunks: peeked.all,
    sizeOf: unknownSizeSchedule(basePartSize(sizing, UNKNOWN_SIZE_START)),
    size: undefined,
  }
}

// The upload option, else the client's part size but at most `cap`: the client option cannot tell
// a chosen 64 MiB from the default one, and 64 MiB × (concurrency + 1) would hold 320 MiB.
// Unknown-length uploads start at 6 MiB, so a 1 GiB stream stays under 128 MiB of RSS.
function basePartSize(sizing: PartSizing, cap: number): number {
  return sizing.option ?? Math.min(sizing.client, cap)
}

function known(
  body: WireBody,
  chunks: AsyncIterable<Uint8Array> | Uint8Array[],
  size: number,
  sizing: PartSizing,
): UploadPlan {
  if (size <= MULTIPART_THRESHOLD && body !== undefined) return { kind: 'single', body, size }
  const partSize = knownSizePartSize(size, basePartSize(sizing, KNOWN_SIZE_BASE))
  return { kind: 'multipart', chunks: toAsync(chunks), sizeOf: () => partSize, size }
}

async function* toAsync(chunks: AsyncIterable<Uint8Array> | Uint8Array[]): AsyncGenerator<Uint8Array> {
  yield* chunks
}
