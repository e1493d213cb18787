/** Lists the regular files under a local folder, depth first, in name order. */
import { readdir } from 'node:fs/promises'
import { join } from 'node:path'

/** One file found under a folder. */
export interface LocalFile {
  /** Full path on disk. */
  path: string
  /** Path relative to the walked folder, with `/` separators (an object key suffix). */
  relative: string
}

/**
 * Walks `root` recursively; symbolic links are not followed (a link loop cannot hang a copy).
 * @example
 * for await (const file of walkLocal('photos')) console.log(file.relative)
 */
export async function* walkLocal(root: string, prefix = ''): AsyncGenerator<LocalFile> {
  const entries = await readdir(root, { withFileTypes: true })
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
  for (const entry of entries) {
    const path = join(root, entry.name)
    const relative = `${prefix}${entry.name}`
    if (entry.isDirectory()) yield* walkLocal(path, `${relative}/`)
    else if (entry.isFile()) yield { path, relative }
  }
}
