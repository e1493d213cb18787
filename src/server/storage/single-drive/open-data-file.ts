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

/**
 * Bytes per read of a data file (1 MiB): the default 64 KiB meant four times the reads, stream
 * steps and socket writes per GiB, and cut every 64 KiB + 16 encrypted package in two.
 */
export const READ_CHUNK_SIZE = 1024 * 1024
