import { open } from 'node:fs/promises'

/**
 * Makes a rename or unlink in `dir` durable: POSIX only promises a directory entry survives a
 * power loss once the directory itself is fsynced.
 */
export async function syncDirectory(dir: string): Promise<void> {
  const handle = await open(dir, 'r')
  try {
    await handle.sync()
  } finally {
    await handle.close()
  }
}
