/**
 * The contents of a folder or prefix as a map from relative name to size and ETag, for
 * `mirror` to compare a source with its target.
 */
import { stat } from 'node:fs/promises'
import type { CliContext } from '../context.js'
import { listRemote } from '../remote/list-remote.js'
import type { Location } from './location.js'
import { walkLocal } from './walk-local.js'

/** One member of a tree. */
export interface TreeEntry {
  location: Location
  size: number
  /** Remote ETag (no quotes); '' for local files. */
  etag: string
}

/**
 * Lists everything under `root` (recursively), keyed by path relative to it with `/` separators.
 * A missing local folder or empty prefix is an empty tree.
 * @example
 * const tree = await readTree(ctx, { kind: 'local', path: './site' })
 * tree.get('index.html')?.size
 */
export async function readTree(ctx: CliContext, root: Location): Promise<Map<string, TreeEntry>> {
  const tree = new Map<string, TreeEntry>()
  if (root.kind === 'local') {
    const info = await stat(root.path).catch(() => undefined)
    if (!info) return tree
    for await (const file of walkLocal(root.path)) {
      const { size } = await stat(file.path)
      tree.set(file.relative, { location: { kind: 'local', path: file.path }, size, etag: '' })
    }
    return tree
  }
  const client = await ctx.client(root.alias)
  const folder = folderOf(root.key)
  for await (const entry of listRemote(client, root.bucket, folder, true)) {
    tree.set(entry.key.slice(folder.length), {
      location: { ...root, key: entry.key },
      size: entry.size,
      etag: entry.etag,
    })
  }
  return tree
}

/**
 * A prefix as a folder: '' stays '', anything else gets a trailing `/`.
 * @example
 * folderOf('site') // 'site/'
 */
export function folderOf(key: string): string {
  return key === '' || key.endsWith('/') ? key : `${key}/`
}
