import type { Drive } from './drive.js'
import { noSuchBucket } from './lookup.js'

/**
 * Bucket and system documents in the `documents` database. Keys: `b\0<bucket>\0<name>` for
 * per-bucket documents (so one bucket's documents are one contiguous range, removed with the
 * bucket) and `s\0<path>` for server-wide ones. Documents are small (policies, configuration),
 * so they live in LMDB and share its group commit and durability.
 */
const bucketKey = (bucket: string, name: string) => `b\0${bucket}\0${name}`
const systemKey = (path: string) => `s\0${path}`

/** The range of keys holding `bucket`'s documents. */
export function bucketDocumentRange(bucket: string): { start: string; end: string } {
  return { start: `b\0${bucket}\0`, end: `b\0${bucket}\u0001` }
}

export function getBucketDocument(drive: Drive, bucket: string, name: string): string | undefined {
  if (!drive.meta.buckets.get(bucket)) throw noSuchBucket(bucket)
  return drive.meta.documents.get(bucketKey(bucket, name))
}

export async function putBucketDocument(
  drive: Drive,
  bucket: string,
  name: string,
  document: string | undefined,
): Promise<void> {
  const { buckets, documents } = drive.meta
  const found = await drive.commits.run((view) => {
    if (!view.get(buckets, bucket)) return false
    if (document === undefined) view.remove(documents, bucketKey(bucket, name))
    else view.put(documents, bucketKey(bucket, name), document)
    return true
  })
  if (!found) throw noSuchBucket(bucket)
}

/** The names of `bucket`'s documents, sorted (NoSuchBucket when it does not exist). */
export function listBucketDocuments(drive: Drive, bucket: string): string[] {
  if (!drive.meta.buckets.get(bucket)) throw noSuchBucket(bucket)
  const prefix = `b\0${bucket}\0`
  return Array.from(drive.meta.documents.getKeys(bucketDocumentRange(bucket)), (key) =>
    key.slice(prefix.length),
  )
}

export function getSystemDocument(drive: Drive, path: string): string | undefined {
  return drive.meta.documents.get(systemKey(path))
}

export async function putSystemDocument(
  drive: Drive,
  path: string,
  document: string | undefined,
): Promise<void> {
  const { documents } = drive.meta
  await drive.commits.run((view) => {
    if (document === undefined) view.remove(documents, systemKey(path))
    else view.put(documents, systemKey(path), document)
  })
}

export function listSystemDocuments(drive: Drive, prefix: string): string[] {
  const start = systemKey(prefix)
  const paths: string[] = []
  for (const key of drive.meta.documents.getKeys({ start })) {
    if (!key.startsWith(start)) break
    paths.push(key.slice(2))
  }
  return paths
}
