import { type FileHandle, open } from 'node:fs/promises'

/** Opens a data file for reading, or undefined when it is gone (a writer replaced the object). */
export async function openIfExists(path: string): Promise<FileHandle | undefined> {
  try {
    return await open(path, 'r')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw error
  }
}
