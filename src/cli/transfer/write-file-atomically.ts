/**
 * Writes a stream to a local file without ever leaving a partial file under the final name:
 * bytes go to a hidden temporary file beside it, which is renamed into place when complete and
 * removed on failure.
 */
import { createWriteStream } from 'node:fs'
import { mkdir, rename, rm } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import { pipeline } from 'node:stream/promises'

/**
 * Streams `source` into `path` atomically, creating parent folders.
 * @example
 * await writeFileAtomically('photos/a.jpg', await client.getObject('b', 'a.jpg'))
 */
export async function writeFileAtomically(path: string, source: AsyncIterable<Uint8Array>): Promise<void> {
  await mkdir(dirname(path), { recursive: true })
  const temporary = join(dirname(path), `.${basename(path)}.silo-${process.pid}-${Date.now()}.part`)
  try {
    await pipeline(source, createWriteStream(temporary, { flags: 'wx' }))
    await rename(temporary, path)
  } catch (error) {
    await rm(temporary, { force: true })
    throw error
  }
}
