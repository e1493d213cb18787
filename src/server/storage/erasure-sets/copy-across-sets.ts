import type { Readable } from 'node:stream'
import { isS3ServerError } from '../../errors.js'
import { copyMetadataOf } from '../common/copy-metadata.js'
import { versionIsDeleteMarker } from '../common/version-errors.js'
import type { CopyObjectInput, ObjectInfo, ObjectLayer } from '../object-layer.js'

const CHECKSUM_PREFIX = 'x-amz-checksum-'

/**
 * CopyObject from a key of one erasure set to a key of another: shards cannot be linked across
 * sets, so the copy reads the source once, start to end (one version, whatever replaces it
 * meanwhile), and writes it into the target set. It answers as a copy within one set does: the
 * source's errors (a delete marker by ID is 405 for COPY), `check` on the source before anything
 * is written, the metadata of copyMetadataOf, the condition checked where the copy commits, the
 * destination's versioning; the encryption fields are the encrypting layer's, as within a set.
 * Like a linked copy it keeps the source's ETag and, for a multipart source, its parts (sizes,
 * ETags, checksums), written through an upload of the target set: the encrypting layer decrypts
 * an encrypted multipart object part by part, and GetObject's partNumber reads them.
 *
 * @example await copyAcrossSets(sets[0], sets[1], { sourceBucket: 'b', sourceKey: 'a', bucket: 'b', key: 'c' })
 */
export async function copyAcrossSets(
  source: ObjectLayer,
  target: ObjectLayer,
  input: CopyObjectInput,
): Promise<ObjectInfo> {
  const read = await source
    .getObject(input.sourceBucket, input.sourceKey, undefined, { versionId: input.sourceVersionId })
    .catch(asCopySourceError)
  const { info } = read
  const body = read.body
  try {
    input.check?.(info)
    const metadata = copyMetadataOf(input, info)
    if (!info.partSizes || !info.partEtags) {
      return await target.putObject({
        bucket: input.bucket,
        key: input.key,
        body,
        size: info.size,
        ...metadata,
        condition: input.condition,
        versioning: input.versioning,
        etag: () => info.etag,
      })
    }
    return await copyParts(target, input, info, body, metadata)
  } finally {
    // Refused before or while writing, or parts that never asked past the end: release what
    // reads the source (its shard files).
    body.destroy()
  }
}

/** The multipart source's parts, one after another from the one read, as the copy's parts. */
async function copyParts(
  target: ObjectLayer,
  input: CopyObjectInput,
  info: ObjectInfo,
  body: Readable,
  metadata: { contentType: string; headers: Record<string, string> },
): Promise<ObjectInfo> {
  const { bucket, key } = input
  const { uploadId } = await target.createMultipartUpload({ bucket, key, ...metadata })
  try {
    const nextPart = partsOf(body)
    const parts: Array<{ partNumber: number; etag: string }> = []
    for (const [i, size] of info.partSizes!.entries()) {
      const part = await target.uploadPart({
        bucket,
        key,
        uploadId,
        partNumber: i + 1,
        body: nextPart(size),
        size,
        etag: () => info.partEtags![i]!,
        trailingHeaders: () => info.partChecksums?.[i] ?? {},
      })
      parts.push({ partNumber: i + 1, etag: part.etag })
    }
    const checksumHeaders = Object.fromEntries(
      Object.entries(metadata.headers).filter(([name]) => name.startsWith(CHECKSUM_PREFIX)),
    )
    const copied = await target.completeMultipartUpload({
      bucket,
      key,
      uploadId,
      parts,
      checksumHeaders,
      condition: input.condition,
      versioning: input.versioning,
    })
    // The upload is the copy's own, known to no client: a copy reports none (ObjectInfo.uploadId).
    copied.uploadId = undefined
    return copied
  } catch (error) {
    await target.abortMultipartUpload(bucket, key, uploadId).catch(() => undefined)
    throw error
  }
}

/** Cuts a stream into consecutive pieces: each call reads the next `size` bytes of it. */
function partsOf(source: Readable): (size: number) => AsyncGenerator<Uint8Array> {
  const chunks = source[Symbol.asyncIterator]() as AsyncIterator<Uint8Array>
  let rest: Uint8Array | undefined
  return async function* piece(size: number) {
    let left = size
    while (left > 0) {
      let chunk = rest
      rest = undefined
      if (!chunk) {
        const next = await chunks.next()
        // Short: the part's declared size makes its upload fail (IncompleteBody).
        if (next.done) return
        chunk = next.value
      }
      if (chunk.length > left) {
        rest = chunk.subarray(left)
        chunk = chunk.subarray(0, left)
      }
      left -= chunk.length
      yield chunk
    }
  }
}

/** A delete marker named by ID answers 405 for the copy, as within a set (method COPY). */
function asCopySourceError(error: unknown): never {
  if (isS3ServerError(error) && error.code === 'MethodNotAllowed' && error.headers['x-amz-version-id']) {
    const lastModified = new Date(error.headers['last-modified'] ?? Date.now())
    throw versionIsDeleteMarker('COPY', error.headers['x-amz-version-id'], lastModified)
  }
  throw error
}
