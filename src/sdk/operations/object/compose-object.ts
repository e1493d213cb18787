/**
 * composeObject (minio-js 8): concatenates byte ranges of existing objects into a new object on
 * the server, through CreateMultipartUpload + one UploadPartCopy per part + Complete. A single
 * whole source within 5 GiB is a plain CopyObject, as in minio-js.
 */
import { InvalidArgumentError } from '../../errors.js'
import type { Transport } from '../../transport/transport.js'
import type { UploadedObjectInfo } from '../../upload/uploaded-object-info.js'
import { COMPOSE_LIMITS, type PlannedPart, planParts, type SourceSegment, segmentOf } from './compose-plan.js'
import { destinationHeaders, lowerCaseHeaders } from './copy-headers.js'
import { type CopyObjectResultV2, checkCopyOptions, copyObjectV2 } from './copy-object.js'
import { CopyDestinationOptions, CopySourceOptions } from './copy-options.js'
import { encryptionHeaders, refuseKeyInClear } from './encryption.js'
import { abortMultipartUpload } from './multipart/abort-multipart-upload.js'
import { completeMultipartUpload } from './multipart/complete-multipart-upload.js'
import { createMultipartUpload } from './multipart/create-multipart-upload.js'
import { type CopiedPart, uploadPartCopy } from './multipart/upload-part-copy.js'
import { type BucketItemStat, parseStat } from './stat-object.js'

/**
 * Options of composeObject (minio-js 8's third argument).
 * @example
 * await client.composeObject(dest, sources, { maxConcurrency: 4 })
 */
export interface ComposeObjectOptions {
  /** Part copies in flight at once (default 10). */
  maxConcurrency?: number
}

/** What composeObject resolves with: the multipart result, or copyObject's for a plain copy. */
export type ComposeObjectResult = UploadedObjectInfo | CopyObjectResultV2

/**
 * Composes `sources` into `destConfig`. Validation and errors follow minio-js: 1..10,000
 * sources, each source but the last at least 5 MiB, ranges inside their object, at most 5 TiB
 * and 10,000 parts in all. Every part is pinned to the ETag the source had when stat'ed, so a
 * source changed meanwhile fails the compose instead of mixing versions. On a failure after the
 * upload started, the upload is aborted and the error rethrown (minio-js 8 resolves instead).
 * @example
 * await composeObject(t, new CopyDestinationOptions({ Bucket: 'b', Object: 'all' }), [src1, src2])
 */
export async function composeObject(
  t: Transport,
  destConfig: unknown,
  sourceList: unknown,
  options?: unknown,
): Promise<ComposeObjectResult> {
  if (!Array.isArray(sourceList)) {
    throw new InvalidArgumentError('sourceConfig should an array of CopySourceOptions ')
  }
  if (!(destConfig instanceof CopyDestinationOptions)) {
    throw new InvalidArgumentError('destConfig should of type CopyDestinationOptions ')
  }
  if (sourceList.length < 1 || sourceList.length > COMPOSE_LIMITS.maxParts) {
    throw new InvalidArgumentError(
      `"There must be as least one and up to ${COMPOSE_LIMITS.maxParts} source objects.`,
    )
  }
  for (const source of sourceList) {
    if (!(source instanceof CopySourceOptions)) {
      throw new InvalidArgumentError('sourceConfig should an array of CopySourceOptions ')
    }
    source.validate()
  }
  destConfig.validate()
  const sources = sourceList as CopySourceOptions[]
  const maxConcurrency = concurrencyOf(options)

  const stats = await Promise.all(sources.map((source) => statSource(t, source)))
  const segments = stats.map((stat, i) => segmentOf(sources[i]!, stat.size, i, sources.length))
  const plan = planParts(segments)
  const total = segments.reduce((sum, s) => sum + s.length, 0)
  if (
    total === 0 ||
    (sources.length === 1 && isWhole(segments[0]!, stats[0]!) && total <= COMPOSE_LIMITS.maxPartSize)
  ) {
    return copyObjectV2(t, sources[0], destConfig)
  }
  const { info } = await copyParts(t, destConfig, sources, stats, plan, maxConcurrency)
  return info
}

/**
 * copyObject v2 of a ranged source: CopyObject cannot copy a range, so this is a one-source
 * compose, answered in copyObject v2's shape.
 * @example
 * await copyObjectRange(t, new CopySourceOptions({ Bucket: 'b', Object: 'a', MatchRange: true, Start: 0, End: 9 }), dest)
 */
export async function copyObjectRange(
  t: Transport,
  sourceConfig: unknown,
  destConfig: unknown,
): Promise<CopyObjectResultV2> {
  const { source, dest } = checkCopyOptions(sourceConfig, destConfig)
  const stat = await statSource(t, source)
  const plan = planParts([segmentOf(source, stat.size, 0, 1)])
  const { info, parts } = await copyParts(t, dest, [source], [stat], plan, 1)
  const last = parts.at(-1)
  return {
    Bucket: dest.Bucket,
    Key: dest.Object,
    LastModified: last?.lastModified ?? new Date(),
    MetaData: {},
    VersionId: info.versionId,
    SourceVersionId: last?.sourceVersionId ?? null,
    Etag: info.etag,
    Size: undefined,
  }
}

async function copyParts(
  t: Transport,
  dest: CopyDestinationOptions,
  sources: readonly CopySourceOptions[],
  stats: readonly BucketItemStat[],
  plan: readonly PlannedPart[],
  maxConcurrency: number,
): Promise<{ info: UploadedObjectInfo; parts: CopiedPart[] }> {
  const createHeaders = lowerCaseHeaders(destinationHeaders(dest))
  delete createHeaders['x-amz-metadata-directive']
  delete createHeaders['x-amz-tagging-directive']
  // An SSE-C destination needs its key on every part, not only on the create.
  const destKey = lowerCaseHeaders(encryptionHeaders(dest.Encryption, 'x-amz-'))
  delete destKey['x-amz-server-side-encryption']
  refuseKeyInClear(t.options.useSSL, { ...createHeaders, ...destKey })
  for (const source of sources) refuseKeyInClear(t.options.useSSL, source.getHeaders())
  const uploadId = await createMultipartUpload(t, dest.Bucket, dest.Object, createHeaders)
  try {
    const parts = await runBounded(plan, maxConcurrency, (part) => {
      const source = sources[part.sourceIndex]!
      const headers = lowerCaseHeaders({
        ...source.getHeaders(),
        'x-amz-copy-source-if-match': stats[part.sourceIndex]!.etag,
        'x-amz-copy-source-range': `bytes=${part.start}-${part.end}`,
        ...destKey,
      })
      return uploadPartCopy(t, dest.Bucket, dest.Object, uploadId, part.partNumber, headers)
    })
    const info = await completeMultipartUpload(t, dest.Bucket, dest.Object, uploadId, parts)
    return { info, parts }
  } catch (error) {
    await abortMultipartUpload(t, dest.Bucket, dest.Object, uploadId).catch(() => undefined)
    throw error
  }
}

/** HEAD of a source, with its version and SSE-C key. */
function statSource(t: Transport, source: CopySourceOptions): Promise<BucketItemStat> {
  const headers = lowerCaseHeaders(encryptionHeaders(source.Encryption, 'x-amz-'))
  delete headers['x-amz-server-side-encryption']
  refuseKeyInClear(t.options.useSSL, headers)
  const query = source.VersionID ? { versionId: source.VersionID } : undefined
  return t.call({ method: 'HEAD', bucket: source.Bucket, key: source.Object, query, headers }, parseStat)
}

function isWhole(segment: SourceSegment, stat: BucketItemStat): boolean {
  return segment.start === 0 && segment.length === stat.size
}

function concurrencyOf(options: unknown): number {
  const value = (options as ComposeObjectOptions | undefined)?.maxConcurrency
  if (value === undefined || value === null) return 10
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) {
    throw new InvalidArgumentError(`Invalid maxConcurrency ${String(value)}: must be a positive integer`)
  }
  return value
}

/** Runs `work` over `items`, at most `limit` at a time; the first failure rejects (others settle). */
async function runBounded<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length)
  let next = 0
  let failed = false
  const worker = async () => {
    while (!failed && next < items.length) {
      const index = next++
      try {
        results[index] = await work(items[index]!)
      } catch (error) {
        failed = true
        throw error
      }
    }
  }
  const workers = Array.from({ length: Math.min(limit, items.length) }, worker)
  const settled = await Promise.allSettled(workers)
  const failure = settled.find((s) => s.status === 'rejected')
  if (failure) throw (failure as PromiseRejectedResult).reason
  return results
}
