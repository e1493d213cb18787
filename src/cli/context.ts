/**
 * What every command action gets: the global flags, the printer, and the alias lookups that
 * turn `local/...` into an SDK client.
 */
import type { AdminClient, Client } from '../index.js'
import { type AliasEntry, type AliasFile, loadAliases } from './config/alias-store.js'
import { resolveConfigDir } from './config/config-dir.js'
import { CliError } from './errors/cli-error.js'
import { useColor } from './output/colors.js'
import { Printer } from './output/printer.js'
import { createAdminClient, createClient } from './remote/create-client.js'

/** The global flags, as commander parses them (`--no-color` gives `color: false`). */
export interface GlobalOptions {
  json: boolean
  debug: boolean
  color: boolean
  quiet: boolean
  insecure: boolean
  configDir?: string | undefined
}

/**
 * One command run's context.
 * @example
 * const ctx = new CliContext({ json: false, debug: false, color: true, quiet: false, insecure: false })
 * const client = await ctx.client('local')
 */
export class CliContext {
  readonly globals: GlobalOptions
  readonly out: Printer
  readonly configDir: string
  private aliasFile: Promise<AliasFile> | undefined

  constructor(globals: GlobalOptions) {
    this.globals = globals
    this.configDir = resolveConfigDir(globals.configDir)
    this.out = new Printer({
      json: globals.json,
      quiet: globals.quiet,
      color: useColor(process.stdout, globals, process.env),
      stdout: process.stdout,
      stderr: process.stderr,
    })
  }

  /**
   * The configured aliases (read once per run).
   * @example
   * Object.keys((await ctx.aliases()).aliases) // ['local']
   */
  aliases(): Promise<AliasFile> {
    this.aliasFile ??= loadAliases(this.configDir)
    return this.aliasFile
  }

  /**
   * The names of the configured aliases.
   * @example
   * (await ctx.aliasNames()).has('local')
   */
  async aliasNames(): Promise<Set<string>> {
    return new Set(Object.keys((await this.aliases()).aliases))
  }

  /**
   * One alias; an unknown name fails with the command that would add it.
   * @example
   * const { url } = await ctx.alias('local')
   */
  async alias(name: string): Promise<AliasEntry> {
    const entry = Object.hasOwn((await this.aliases()).aliases, name)
      ? (await this.aliases()).aliases[name]
      : undefined
    if (!entry) {
      throw new CliError(
        `unknown alias "${name}"; add it with: silo config host add ${name || 'ALIAS'} <ENDPOINT> <ACCESS_KEY> <SECRET_KEY>`,
      )
    }
    return entry
  }

  /**
   * An SDK client for an alias, with `--debug` and `--insecure` applied.
   * @example
   * await (await ctx.client('local')).makeBucket('photos')
   */
  async client(name: string): Promise<Client> {
    return createClient(await this.alias(name), this.connectionFlags())
  }

  /**
   * An `AdminClient` for an alias (its keys must be the server's root credential).
   * @example
   * const [info] = await (await ctx.admin('local')).serverInfo()
   */
  async admin(name: string): Promise<AdminClient> {
    return createAdminClient(await this.alias(name), this.connectionFlags())
  }

  /** @internal The flags `createClient` needs. */
  connectionFlags() {
    return { debug: this.globals.debug, insecure: this.globals.insecure, log: process.stderr }
  }
}
