/**
 * How an upload is sent. Today always one PUT; multipart upload (issue "Objects at scale") slots
 * in as a second plan kind chosen here, without touching putObject's argument handling.
 */
import { MAX_PART_SIZE, MIN_PART_SIZE } from '../../../constants.js'
import { InvalidArgumentError } from '../../../errors.js'
import type { WireBody } from '../../../platform/types.js'
import { readBounded } from './read-bounded.js'
import type { UploadSource } from './source.js'

/** One PUT of the whole body. */
export interface SinglePutPlan {
  kind: 'single'
  body: WireBody
}

// TODO(Objects at scale): add `{ kind: 'multipart', source, size, partSize }` for sources larger than
// the part size (and unknown-size streams past MIN_PART_SIZE), uploaded by an upload/multipart module.
/** The ways an upload can be sent. */
export type UploadPlan = SinglePutPlan

/** Streams of unknown length are buffered up to this size and sent as one PUT. */
export const UNKNOWN_SIZE_BUFFER_LIMIT = MIN_PART_SIZE

/**
 * Chooses how to send an upload. Known sizes stream straight through as one PUT (up to 5 GiB);
 * unknown-size streams are read into memory up to 5 MiB.
 * @example
 * const plan = await planUpload({ kind: 'bytes', bytes }, undefined)
 */
export async function planUpload(source: UploadSource, size: number | undefined): Promise<UploadPlan> {
  if (source.kind === 'bytes') return single(source.bytes, source.bytes.byteLength)
  if (source.kind === 'blob')
    return single({ stream: source.blob, length: source.blob.size }, source.blob.size)
  if (size !== undefined) return single({ stream: source.stream, length: size }, size)
  const bytes = await readBounded(source.stream, UNKNOWN_SIZE_BUFFER_LIMIT)
  if (bytes === undefined) {
    throw new InvalidArgumentError(
      'putObject: the stream is larger than 5 MiB and its size was not given. Uploading it needs multipart upload, ' +
        'which is not supported yet; pass the size argument to stream it as one PUT (up to 5 GiB)',
    )
  }
  return single(bytes, bytes.byteLength)
}

function single(body: WireBody, size: number): SinglePutPlan {
  if (size > MAX_PART_SIZE) {
    throw new InvalidArgumentError(
      `putObject: ${size} bytes exceed the 5 GiB limit of a single PUT; multipart upload is not supported yet`,
    )
  }
  return { kind: 'single', body }
}
