import type { CopyObjectInput } from '../object-layer.js'
import { INTERNAL_HEADER_PREFIX, TAGS_HEADER } from './internal-headers.js'
import { lowerCaseKeys } from './lower-case-keys.js'
import { withStorageClass } from './storage-class.js'

/**
 * The source's object-lock records (`x-silo-internal-lock-*`) never pass to a copy: as S3, the
 * copy is locked as its own request or its bucket's default retention says (`input.objectLock`).
 */
const LOCK_PREFIX = `${INTERNAL_HEADER_PREFIX}lock-`

/** Stored headers that describe the bytes, not the metadata: a REPLACE keeps them. */
const CHECKSUM_PREFIX = 'x-amz-checksum-'

/**
 * The destination's Content-Type and stored headers: the source's (COPY) or the request's
 * (REPLACE). A REPLACE keeps the source's full-object checksum (`x-amz-checksum-*`): it is a
 * fact about the copied bytes, which S3 keeps unless the copy asks for another algorithm (then
 * `input.checksum`, computed over the bytes, replaces it). The tags are the source's unless
 * `input.tags` replaces them (S3's tagging directive is apart from the metadata directive). The
 * storage class is the request's when given (S3 stores a copy in the class the request names).
 * The source's object lock is never copied; `input.objectLock` is the copy's.
 *
 * @example copyMetadataOf(input, { contentType: 'text/plain', headers: { 'x-amz-meta-a': '1' } })
 */
export function copyMetadataOf(
  input: Pick<CopyObjectInput, 'metadata' | 'storageClass' | 'checksum' | 'tags' | 'objectLock'>,
  source: { contentType: string; headers: Readonly<Record<string, string>> },
): { contentType: string; headers: Record<string, string> } {
  let contentType = source.contentType
  let headers = Object.fromEntries(
    Object.entries(source.headers).filter(([name]) => !name.startsWith(LOCK_PREFIX)),
  )
  if (input.metadata) {
    const checksums = Object.entries(source.headers).filter(([name]) => name.startsWith(CHECKSUM_PREFIX))
    const replaced = Object.entries(lowerCaseKeys(input.metadata.headers)).filter(
      ([name]) => !name.startsWith(CHECKSUM_PREFIX),
    )
    contentType = input.metadata.contentType ?? 'application/octet-stream'
    headers = { ...Object.fromEntries(replaced), ...Object.fromEntries(checksums) }
    const tags = source.headers[TAGS_HEADER]
    if (tags !== undefined) headers[TAGS_HEADER] = tags
  }
  if (input.tags) {
    delete headers[TAGS_HEADER]
    headers = { ...headers, ...input.tags }
  }
  if (input.objectLock) headers = { ...headers, ...input.objectLock }
  if (input.checksum) {
    const kept = Object.entries(headers).filter(([name]) => !name.startsWith(CHECKSUM_PREFIX))
    headers = { ...Object.fromEntries(kept), ...input.checksum }
  }
  if (input.storageClass) headers = withStorageClass(headers, input.storageClass)
  return { contentType, headers }
}
