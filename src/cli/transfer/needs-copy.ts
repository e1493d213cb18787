/**
 * `mirror`'s rule for whether a file must be copied again: the target lacks it, or the sizes
 * differ, or both sides have a comparable MD5 and it differs. An ETag is an MD5 only for
 * single-part uploads (no `-` in it); for multipart ETags, size alone decides.
 */
import { createHash } from 'node:crypto'
import { createReadStream } from 'node:fs'
import type { TreeEntry } from './tree.js'

const PLAIN_MD5 = /^[0-9a-f]{32}$/i

/**
 * Whether `source` must be copied over `target`.
 * @example
 * await needsCopy(sourceEntry, targetTree.get(name)) // true when missing or changed
 */
export async function needsCopy(source: TreeEntry, target: TreeEntry | undefined): Promise<boolean> {
  if (!target) return true
  if (source.size !== target.size) return true
  const sourceMd5 = await md5Of(source, target)
  const targetMd5 = await md5Of(target, source)
  return sourceMd5 !== undefined && targetMd5 !== undefined && sourceMd5 !== targetMd5
}

// A local file's MD5 is computed only when the other side has one to compare with.
async function md5Of(entry: TreeEntry, other: TreeEntry): Promise<string | undefined> {
  if (entry.location.kind === 'remote')
    return PLAIN_MD5.test(entry.etag) ? entry.etag.toLowerCase() : undefined
  if (other.location.kind === 'remote' && !PLAIN_MD5.test(other.etag)) return undefined
  const hash = createHash('md5')
  for await (const chunk of createReadStream(entry.location.path)) hash.update(chunk as Buffer)
  return hash.digest('hex')
}
