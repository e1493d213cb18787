/**
 * The client aliases, kept in `<config dir>/aliases.json` (mode 0600: it holds secret keys).
 * The name is deliberately not `config.json`, which older servers read as their own
 * configuration from `~/.silo/`. Writes go to a temporary file renamed into place, so a crash
 * never leaves a half-written file.
 */
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { CliError } from '../errors/cli-error.js'

/** One alias: where a deployment is and which keys to use. */
export interface AliasEntry {
  url: string
  accessKey: string
  secretKey: string
}

/** The file's shape. */
export interface AliasFile {
  version: '1'
  aliases: Record<string, AliasEntry>
}

/** The alias file's name inside the config dir. */
export const ALIAS_FILE_NAME = 'aliases.json'

/**
 * Reads the aliases; a missing file means none yet.
 * @example
 * const { aliases } = await loadAliases('/home/me/.silo')
 */
export async function loadAliases(configDir: string): Promise<AliasFile> {
  const path = join(configDir, ALIAS_FILE_NAME)
  let text: string
  try {
    text = await readFile(path, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { version: '1', aliases: {} }
    throw error
  }
  try {
    const parsed = JSON.parse(text) as Partial<AliasFile>
    if (typeof parsed.aliases !== 'object' || parsed.aliases === null) throw new Error('no "aliases" object')
    return { version: '1', aliases: parsed.aliases }
  } catch (error) {
    throw new CliError(`cannot read ${path}: ${(error as Error).message}; fix or remove the file`)
  }
}

/**
 * Replaces the alias file atomically (temporary file, then rename), readable by its owner only.
 * @example
 * await saveAliases(dir, { version: '1', aliases: { local: { url: 'http://127.0.0.1:9000', accessKey: 'AK', secretKey: 'SK' } } })
 */
export async function saveAliases(configDir: string, file: AliasFile): Promise<void> {
  await mkdir(configDir, { recursive: true, mode: 0o700 })
  const path = join(configDir, ALIAS_FILE_NAME)
  const temporary = `${path}.${process.pid}.tmp`
  try {
    await writeFile(temporary, `${JSON.stringify(file, null, 2)}\n`, { mode: 0o600 })
    await rename(temporary, path)
  } catch (error) {
    await rm(temporary, { force: true })
    throw error
  }
}
