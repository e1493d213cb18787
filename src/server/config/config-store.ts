import type { StorageBackend } from '../storage/types.js'
import {
  defaultServerConfig,
  parityOf,
  parseServerConfig,
  type ServerConfig,
  ServerConfigError,
} from './server-config.js'

/** The system document holding the server configuration. */
export const CONFIG_PATH = 'config/config.json'

/**
 * Reads and replaces the stored server configuration. Saving validates first, so a bad
 * document is never stored; the running server keeps its configuration until restart.
 *
 * @example
 * const store = new ConfigStore(storage, 'us-east-1')
 * const config = await store.load()
 */
export class ConfigStore {
  readonly #storage: StorageBackend
  readonly #defaultRegion: string

  constructor(storage: StorageBackend, defaultRegion: string) {
    this.#storage = storage
    this.#defaultRegion = defaultRegion
  }

  /** The stored configuration, or the default one when none was ever set. */
  async load(): Promise<ServerConfig> {
    const text = await this.#storage.getSystemDocument(CONFIG_PATH)
    return text === undefined ? defaultServerConfig(this.#defaultRegion) : parseServerConfig(text)
  }

  /** Validates and stores a configuration (ServerConfigError naming the field when it is bad). */
  async save(text: string): Promise<ServerConfig> {
    const config = parseServerConfig(text)
    this.checkStorageClasses(config)
    await this.#storage.putSystemDocument(CONFIG_PATH, `${JSON.stringify(config, null, 2)}\n`)
    return config
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
