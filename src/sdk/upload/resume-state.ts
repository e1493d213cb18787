/**
 * What a resumed upload already has on the server: the newest incomplete upload of the key and
 * its parts, so only missing or different parts are sent again.
 */
import { uploadsOfKey } from '../operations/listing/list-multipart-uploads.js'
import { type ListedPart, listParts } from '../operations/object/multipart/list-parts.js'
import type { Transport } from '../transport/transport.js'
import { md5Hex } from './digest.js'

/** An incomplete upload to continue. */
export interface ResumeState {
  uploadId: string
  parts: Map<number, ListedPart>
}

/**
 * The newest incomplete upload of `key` with its parts (paging through ListParts), or undefined.
 * @example
 * const state = await findResumable(transport, 'videos', 'a.mp4')
 */
export async function findResumable(
  t: Transport,
  bucket: string,
  key: string,
  signal?: AbortSignal,
): Promise<ResumeState | undefined> {
  const newest = (await uploadsOfKey(t, bucket, key, signal)).at(-1)
  if (newest === undefined) return undefined
  const parts = new Map<number, ListedPart>()
  for await (const part of listParts(t, bucket, key, newest.uploadId, signal))
    parts.set(part.partNumber, part)
  return { uploadId: newest.uploadId, parts }
}

/**
 * Whether the server already holds exactly these bytes as part `partNumber` (same size and MD5;
 * a part's ETag is the hex MD5 of its bytes).
 * @example
 * if (hasPart(state, 3, bytes)) skip()
 */
export function hasPart(state: ResumeState | undefined, partNumber: number, bytes: Uint8Array): boolean {
  const existing = state?.parts.get(partNumber)
  return existing !== undefined && existing.size === bytes.byteLength && existing.etag === md5Hex(bytes)
}
