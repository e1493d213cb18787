/**
 * listIncompleteUploads: the incomplete multipart uploads under a prefix, each with `size`
 * summed from its parts (ListParts, paged), and common prefixes when not recursive.
 */
import type { Transport } from '../../transport/transport.js'
import { listParts } from '../object/multipart/list-parts.js'
import { listMultipartUploads, type UploadParty } from './list-multipart-uploads.js'
import { listingArgs } from './listing-args.js'
import { type ListingStream, toListingStream } from './listing-stream.js'

/**
 * An incomplete upload (`key`, `uploadId`, `initiated`, `size` in bytes of the parts uploaded so
 * far; `storageClass`, `initiator` and `owner` when the server names them, as minio-js reports
 * them), or a common prefix `{ prefix, size: 0 }` in directory-style listings.
 * @example
 * for await (const u of client.listIncompleteUploads('photos', '', true)) console.log(u.key, u.size)
 */
export type IncompleteUploadedBucketItem =
  | {
      key: string
      uploadId: string
      initiated: Date
      size: number
      storageClass?: string
      initiator?: UploadParty
      owner?: UploadParty
      prefix?: undefined
    }
  | { prefix: string; size: 0; key?: undefined }

/**
 * Lists incomplete uploads lazily: a page's part sizes are fetched when the page is reached.
 * @example
 * const stream = listIncompleteUploads(transport, 'photos', 'videos/', true)
 */
export function listIncompleteUploads(
  t: Transport,
  bucketName: unknown,
  prefix?: unknown,
  recursive?: unknown,
): ListingStream<IncompleteUploadedBucketItem> {
  const args = listingArgs(bucketName, prefix, recursive)
  return toListingStream(pages(t, args.bucket, args.prefix, args.delimiter))
}

async function* pages(
  t: Transport,
  bucket: string,
  prefix: string,
  delimiter: string,
): AsyncGenerator<IncompleteUploadedBucketItem[]> {
  for await (const page of listMultipartUploads(t, bucket, prefix, delimiter)) {
    // A page's common prefixes first, then its uploads, as minio-js emits them.
    const items: IncompleteUploadedBucketItem[] = page.prefixes.map((p) => ({ prefix: p, size: 0 }))
    for (const upload of page.uploads) {
      const size = await uploadedBytes(t, bucket, upload.key, upload.uploadId)
      if (size !== undefined) items.push({ ...upload, size })
    }
    yield items
  }
}

// Undefined when the upload was completed or aborted after it was listed: it is no longer incomplete.
async function uploadedBytes(t: Transport, bucket: string, key: string, uploadId: string) {
  let size = 0
  try {
    for await (const part of listParts(t, bucket, key, uploadId)) size += part.size
  } catch (error) {
    if ((error as { code?: string }).code === 'NoSuchUpload') return undefined
    throw error
  }
  return size
}
