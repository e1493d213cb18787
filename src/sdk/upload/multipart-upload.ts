/**
 * Sends a stream as a multipart upload: parts cut on the fly, uploaded `concurrency` at a time
 * (the stream is read only when a slot is free, so memory stays near partSize × (concurrency + 1)),
 * each with its Content-MD5; parts the server already holds from an earlier attempt are skipped.
 */
import { abortMultipartUpload } from '../operations/object/multipart/abort-multipart-upload.js'
import { completeMultipartUpload } from '../operations/object/multipart/complete-multipart-upload.js'
import { createMultipartUpload } from '../operations/object/multipart/create-multipart-upload.js'
import { type UploadedPart, uploadPart } from '../operations/object/multipart/upload-part.js'
import { SSE_CUSTOMER_HEADER_NAMES } from '../operations/object/sse-customer-headers.js'
import type { Transport } from '../transport/transport.js'
import { cutParts, type Part } from './cut-parts.js'
import type { PartSizeOf } from './part-size.js'
import { findResumable, hasPart, type ResumeState } from './resume-state.js'
import type { ResolvedUploadOptions } from './upload-options.js'
import type { UploadedObjectInfo } from './uploaded-object-info.js'

/** What to upload and where. */
export interface MultipartInput {
  bucket: string
  key: string
  /** Content type and metadata headers, sent when a new upload is started. */
  headers: Record<string, string> | undefined
  chunks: AsyncIterable<Uint8Array>
  sizeOf: PartSizeOf
  /** Total bytes when known, for progress. */
  total: number | undefined
}

/**
 * Uploads `input.chunks` in parts and completes the upload.
 * @example
 * const info = await uploadMultipart(transport, { bucket, key, headers, chunks, sizeOf, total }, options)
 */
export async function uploadMultipart(
  t: Transport,
  input: MultipartInput,
  options: ResolvedUploadOptions,
): Promise<UploadedObjectInfo> {
  const { bucket, key } = input
  const { signal } = options
  const resumed = options.resume ? await findResumable(t, bucket, key, signal) : undefined
  const uploadId = resumed?.uploadId ?? (await createMultipartUpload(t, bucket, key, input.headers, signal))
  try {
    const parts = await sendParts(t, input, uploadId, resumed, options)
    signal?.throwIfAborted()
    return await completeMultipartUpload(t, bucket, key, uploadId, parts, signal)
  } catch (error) {
    const aborted = signal?.aborted === true
    if (!(options.keepParts ?? !aborted)) {
      // Best effort: the upload's own error is the one to report.
      await abortMultipartUpload(t, bucket, key, uploadId).catch(() => {})
    }
    throw error
  }
}

async function sendParts(
  t: Transport,
  input: MultipartInput,
  uploadId: string,
  resumed: ResumeState | undefined,
  options: ResolvedUploadOptions,
): Promise<UploadedPart[]> {
  const done: UploadedPart[] = []
  const inFlight = new Set<Promise<void>>()
  let failure: { error: unknown } | undefined
  const count = progressCounter(options, input.total)
  // An SSE-C upload's parts carry its key too (S3 asks for it on every part); nothing else does.
  const partHeaders = sseCustomerPartHeaders(input.headers)
  const send = async (part: Part) => {
    const size = part.bytes.byteLength
    if (hasPart(resumed, part.partNumber, part.bytes)) {
      done.push({ partNumber: part.partNumber, etag: resumed!.parts.get(part.partNumber)!.etag })
      count(size)
      part.release?.()
      return
    }
    const { bucket, key } = input
    // Counted as the bytes go out; capped at the part's size, as a re-sent request (a region
    // correction) sends them twice. What the sender did not report (fetch) counts on the answer.
    let counted = 0
    const onSent = (bytes: number) => {
      const add = Math.min(bytes, size - counted)
      counted += add
      count(add)
    }
    const { signal } = options
    done.push(
      await uploadPart(t, bucket, key, uploadId, part.partNumber, part.bytes, signal, onSent, partHeaders),
    )
    count(size - counted)
    // The server has every byte (a success answer waits for the body), so the buffer is free.
    part.release?.()
  }
  try {
    for await (const part of cutParts(input.chunks, input.sizeOf)) {
      options.signal?.throwIfAborted()
      const task: Promise<void> = send(part)
        .catch((error: unknown) => {
          failure ??= { error }
        })
        .finally(() => inFlight.delete(task))
      inFlight.add(task)
      if (inFlight.size >= options.concurrency) await Promise.race(inFlight)
      if (failure !== undefined) break
    }
  } catch (error) {
    failure ??= { error }
  }
  await Promise.all(inFlight)
  if (failure !== undefined) throw failure.error
  return done
}

function sseCustomerPartHeaders(headers: Record<string, string> | undefined): Record<string, string> {
  const picked: Record<string, string> = {}
  for (const name of SSE_CUSTOMER_HEADER_NAMES) {
    const value = headers?.[name]
    if (value !== undefined) picked[name] = value
  }
  return picked
}

// Adds bytes to the upload's running total and reports it (nothing for zero bytes).
function progressCounter(options: ResolvedUploadOptions, total: number | undefined) {
  let loaded = 0
  return (bytes: number) => {
    if (bytes <= 0 || options.onProgress === undefined) return
    loaded += bytes
    options.onProgress({ loaded, total })
  }
}
