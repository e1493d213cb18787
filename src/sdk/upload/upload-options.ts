/** The optional trailing options object of putObject / fPutObject, and its checks. */
import { MAX_PART_SIZE, MIN_PART_SIZE } from '../constants.js'
import { InvalidArgumentError } from '../errors.js'
import { optionalObject } from '../validate.js'

/**
 * Progress of a transfer: bytes sent (uploads) or received (downloads) so far and, when known,
 * the total.
 * @example
 * const onProgress = ({ loaded, total }: TransferProgress) => console.log(loaded, '/', total ?? '?')
 */
export interface TransferProgress {
  loaded: number
  total?: number | undefined
}

/**
 * Options of an upload, passed after the metadata: `putObject(bucket, key, data, size, metaData, options)`.
 * @example
 * await client.putObject('videos', 'a.mp4', stream, undefined, {}, {
 *   onProgress: ({ loaded }) => console.log(loaded),
 *   signal: AbortSignal.timeout(60_000),
 * })
 */
export interface UploadOptions {
  /**
   * Called as the bytes go out: in steps of at most 64 KiB for multipart uploads in Node (a part
   * the server already holds, on resume, counts at once), per part in browsers (fetch cannot tell),
   * once for a single PUT (up to 5 MiB). The last call has `loaded` equal to the total.
   */
  onProgress?: (progress: TransferProgress) => void
  /** Stops the upload; the promise rejects with the signal's reason (an `AbortError`). */
  signal?: AbortSignal
  /** Multipart part size in bytes (5 MiB to 5 GiB); see `src/sdk/upload/part-size.ts` for the default rule. */
  partSize?: number
  /** Parts uploaded at once (default 4). Memory held is about partSize × (concurrency + 1). */
  concurrency?: number
  /**
   * Continue an incomplete upload of the same key if one exists, sending only the parts that are
   * missing or whose MD5 differs (default true). A resumed upload keeps the metadata it was started with.
   */
  resume?: boolean
  /**
   * What happens to the parts already on the server when a multipart upload fails or is aborted.
   * Default: kept when it fails (so calling putObject again resumes it), removed
   * (AbortMultipartUpload) when you abort through `signal`. `true` keeps them in both cases,
   * `false` removes them in both cases.
   */
  keepParts?: boolean
}

/** Upload options after checks and defaults. */
export interface ResolvedUploadOptions {
  onProgress: ((progress: TransferProgress) => void) | undefined
  signal: AbortSignal | undefined
  partSize: number | undefined
  concurrency: number
  resume: boolean
  keepParts: boolean | undefined
}

/**
 * Checks the options object, naming the first bad member.
 * @example
 * const options = resolveUploadOptions({ concurrency: 8 })
 */
export function resolveUploadOptions(value: unknown): ResolvedUploadOptions {
  const o = optionalObject<UploadOptions>(value, 'options')
  if (o.onProgress !== undefined && typeof o.onProgress !== 'function') fail('onProgress', 'a function')
  if (o.signal !== undefined && !(o.signal instanceof AbortSignal)) fail('signal', 'an AbortSignal')
  const partSize = o.partSize
  if (
    partSize !== undefined &&
    (!Number.isInteger(partSize) || partSize < MIN_PART_SIZE || partSize > MAX_PART_SIZE)
  ) {
    fail('partSize', 'an integer from 5 MiB to 5 GiB in bytes')
  }
  const concurrency = o.concurrency ?? 4
  if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 64)
    fail('concurrency', 'an integer from 1 to 64')
  if (o.resume !== undefined && typeof o.resume !== 'boolean') fail('resume', 'a boolean')
  if (o.keepParts !== undefined && typeof o.keepParts !== 'boolean') fail('keepParts', 'a boolean')
  return {
    onProgress: o.onProgress,
    signal: o.signal,
    partSize,
    concurrency,
    resume: o.resume ?? true,
    keepParts: o.keepParts,
  }
}

function fail(name: string, expected: string): never {
  throw new InvalidArgumentError(`Invalid options.${name}: must be ${expected}`)
}
