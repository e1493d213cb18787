/** Where the CLI keeps its configuration: `--config-dir`, else `~/.silo`. */
import { homedir } from 'node:os'
import { join, resolve } from 'node:path'

/**
 * The configuration directory for this run.
 * @example
 * resolveConfigDir(undefined) // '/home/me/.silo'
 * resolveConfigDir('./conf') // '/current/dir/conf'
 */
export function resolveConfigDir(option: string | undefined): string {
  return option ? resolve(option) : join(homedir(), '.silo')
}
