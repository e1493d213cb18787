/**
 * Listing through the SDK's `listObjectsV2`, as plain records the commands print or copy.
 */
import type { Client } from '../../index.js'

/** One listed entry: an object, or (non-recursive listings) a common prefix ending in `/`. */
export interface RemoteEntry {
  key: string
  isPrefix: boolean
  size: number
  etag: string
  lastModified: Date | undefined
}

/**
 * Lists `bucket` under `prefix`; recursive lists every object, otherwise one folder level.
 * @example
 * for await (const entry of listRemote(client, 'photos', '2024/', true)) console.log(entry.key)
 */
export async function* listRemote(
  client: Client,
  bucket: string,
  prefix: string,
  recursive: boolean,
): AsyncGenerator<RemoteEntry> {
  for await (const item of client.listObjectsV2(bucket, prefix, recursive)) {
    if (item.prefix !== undefined && item.name === undefined) {
      yield { key: item.prefix, isPrefix: true, size: 0, etag: '', lastModified: undefined }
    } else {
      yield {
        key: item.name ?? '',
        isPrefix: false,
        size: item.size ?? 0,
        etag: item.etag ?? '',
        lastModified: item.lastModified,
      }
    }
  }
}
