/**
 * Local files for fPutObject / fGetObject, through node:fs. Only the Node platform carries this;
 * browser bundles never see node:fs because they get `browser.ts` through the `#platform` map.
 */
import { createReadStream, createWriteStream } from 'node:fs'
import { mkdir, rename, rm, stat } from 'node:fs/promises'
import { dirname } from 'node:path'
import { pipeline } from 'node:stream/promises'
import type { LocalFiles } from './types.js'

/**
 * The Node implementation of `LocalFiles`.
 * @example
 * const size = await nodeFiles.size('/tmp/a.bin')
 */
export const nodeFiles: LocalFiles = {
  async size(path) {
    try {
      const info = await stat(path)
      if (!info.isFile()) throw new Error(`${path} is not a regular file`)
      return info.size
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
      throw error
    }
  },
  read(path, start, end) {
    // createReadStream's `end` is inclusive.
    return createReadStream(path, { start, end: end === undefined ? undefined : end - 1 })
  },
  async append(path, chunks, signal) {
    await mkdir(dirname(path), { recursive: true })
    await pipeline(chunks, createWriteStream(path, { flags: 'a' }), { signal })
  },
  rename,
  remove: (path) => rm(path, { force: true }),
}
