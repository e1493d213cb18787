import { access, readFile } from 'node:fs/promises'
import { homedir } from 'node:os'
import { join } from 'node:path'

/**
 * Where older setups keep the server configuration (seed, "Server configuration"): the file
 * `.silo/config.json` in the home directory of the user running the server. `$HOME` is
 * honoured (Node's `os.homedir()` reads it first), so a test or a service unit can move it.
 *
 * @example homeConfigPath() // '/home/silo/.silo/config.json'
 */
export function homeConfigPath(): string {
  return join(homedir(), '.silo', 'config.json')
}

/**
 * The text of the older setup's configuration file, or `undefined` when there is none. Any
 * other failure (a folder in its place, no permission) is an error naming the file, so a file
 * the user wrote is never silently skipped.
 */
export async function readHomeConfig(path: string): Promise<string | undefined> {
  try {
    return await readFile(path, 'utf8')
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code
    if (code === 'ENOENT' || code === 'ENOTDIR') return undefined
    throw new Error(`cannot read ${path}: ${(e as Error).message}`)
  }
}

/** Whether the older setup's file is there (to say that the data folder's wins over it). */
export async function hasHomeConfig(path: string): Promise<boolean> {
  return access(path).then(
    () => true,
    () => false,
  )
}
