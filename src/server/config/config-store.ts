import type { ObjectLayer } from '../storage/object-layer.js'
import { hasHomeConfig, homeConfigPath, readHomeConfig } from './home-config.js'
import {
  defaultServerConfig,
  parityOf,
  parseOlderServerConfig,
  parseServerConfig,
  type ServerConfig,
  ServerConfigError,
} from './server-config.js'

/** The system document holding the server configuration. */
export const CONFIG_PATH = 'config/config.json'

/** Where a `ConfigStore` looks besides the data folder, and where it says what it found. */
export interface ConfigStoreOptions {
  /**
   * The older setups' file, read when the data folder holds no configuration; default
   * `~/.silo/config.json` of the user running the server (`$HOME` honoured); `false` for none.
   */
  homeConfigPath?: string | false
  /** Notices: which file is in effect, keys of an older file that are ignored. */
  log?: (message: string) => void
}

/** A loaded configuration and what a start should say about where it came from. */
interface Loaded {
  config: ServerConfig
  notes: string[]
}

/**
 * Reads and replaces the stored server configuration. Saving validates first, so a bad
 * document is never stored; the running server keeps its configuration until restart.
 *
 * Where the configuration comes from, first found wins: the data folder's document (written by
 * `config set`); else an older setup's `~/.silo/config.json` (read as it is at every start and
 * restart, never copied, so editing it and restarting still works as it did); else the default
 * (the `notify` template, no target enabled).
 *
 * @example
 * const store = new ConfigStore(storage, 'us-east-1')
 * const config = await store.load()
 */
export class ConfigStore {
  readonly #storage: ObjectLayer
  readonly #defaultRegion: string
  readonly #homePath: string | false | undefined
  readonly #log: (message: string) => void

  constructor(storage: ObjectLayer, defaultRegion: string, options: ConfigStoreOptions = {}) {
    this.#storage = storage
    this.#defaultRegion = defaultRegion
    this.#homePath = options.homeConfigPath
    this.#log = options.log ?? (() => undefined)
  }

  /** The configuration in effect at the next restart (what `config get` shows). */
  async load(): Promise<ServerConfig> {
    return (await this.#read()).config
  }

  /**
   * As `load`, at a start or restart: also logs which file is in effect when it is not the data
   * folder's, and an older file that the data folder's document overrides.
   */
  async loadAtStart(): Promise<ServerConfig> {
    const { config, notes } = await this.#read()
    for (const note of notes) this.#log(note)
    return config
  }

  /** Validates and stores a configuration (ServerConfigError naming the field when it is bad). */
  async save(text: string): Promise<ServerConfig> {
    const config = parseServerConfig(text)
    this.checkStorageClasses(config)
    await this.#storage.putSystemDocument(CONFIG_PATH, `${JSON.stringify(config, null, 2)}\n`)
    return config
  }

  async #read(): Promise<Loaded> {
    const text = await this.#storage.getSystemDocument(CONFIG_PATH)
    // Resolved at each read: $HOME is the server user's when it runs, not when it was built.
    const homePath = this.#homePath === undefined ? homeConfigPath() : this.#homePath
    if (text !== undefined) {
      const shadowed = homePath !== false && (await hasHomeConfig(homePath))
      const notes = shadowed
        ? [`${homePath} is not used: the data folder holds the server configuration, which wins`]
        : []
      return { config: parseServerConfig(text), notes }
    }
    const older = homePath === false ? undefined : await readHomeConfig(homePath)
    if (older === undefined || homePath === false) {
      return { config: defaultServerConfig(this.#defaultRegion), notes: [] }
    }
    try {
      const { config, ignored } = parseOlderServerConfig(older)
      const notes = [`server configuration read from ${homePath} (the data folder holds none)`]
      if (ignored.length > 0) {
        notes.push(
          `${homePath}: ignoring ${ignored.join(', ')} (this server reads version, region, notify and storageclass)`,
        )
      }
      return { config, notes }
    } catch (e) {
      if (e instanceof ServerConfigError) throw new ServerConfigError('', `${homePath}: ${e.message}`)
      throw e
    }
  }

  /**
   * Checks (or with `apply`, puts in effect) the configuration's storage classes on an
   * erasure-coded backend: ServerConfigError naming the class when the drives cannot give it.
   */
  checkStorageClasses(config: ServerConfig, apply = false): void {
    if (!this.#storage.setStorageClasses) return
    const classes = config.storageclass
    try {
      this.#storage.setStorageClasses(
        { standard: parityOf(classes?.standard), reduced: parityOf(classes?.rrs) },
        { dryRun: !apply },
      )
    } catch (e) {
      if (e instanceof RangeError) throw new ServerConfigError('storageclass', e.message)
      throw e
    }
  }

  /** The region a configuration puts in effect: its own, or the start-up one when ''. */
  regionOf(config: ServerConfig): string {
    return config.region || this.#defaultRegion
  }
}
