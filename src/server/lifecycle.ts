import type { ServerResponse } from 'node:http'
import type { ServerConfig } from './config/server-config.js'
import type { Logger } from './logger.js'

/**
 * Called on `service restart` with the configuration just loaded; subsystems re-open what
 * depends on it (the events engineer: notification targets and the notifier's rules). A hook
 * that throws is logged and the restart carries on, so one bad target never keeps the server
 * down (MinIO #6126).
 */
export type ReloadHook = (config: ServerConfig) => void | Promise<void>

/** What a restart or stop does with requests already running. */
export interface DrainOptions {
  /** How long running requests may take to finish before they are cancelled. */
  drainMs: number
  /** A response not to wait for: the admin request that asked for the restart or stop. */
  except?: ServerResponse
}

/** The outcome of a restart. */
export interface RestartResult {
  config: ServerConfig
  /** Requests still running when the drain time ran out, and so cancelled. */
  cancelled: number
  /** Messages of reload hooks that failed (they were logged too). */
  errors: string[]
}

/** Default time running requests get to finish on restart or stop (as MinIO: 5 s). */
export const DEFAULT_DRAIN_MS = 5000

/**
 * The server's running state: when it started, the configuration in effect, the requests in
 * flight, and restart (reload in place) and stop. While a restart drains and reloads, new
 * requests wait at `admit` and go on once it is done; during a stop they get 503.
 *
 * @example
 * ctx.lifecycle.onReload(async (config) => { await notifier.configure(config.notify) })
 */
export class Lifecycle {
  /** `Date.now()` when the server started. */
  readonly startedAt = Date.now()
  /** The configuration in effect (loaded at start, replaced on restart). */
  config: ServerConfig
  readonly #load: () => Promise<ServerConfig>
  readonly #logger: Logger
  readonly #hooks: ReloadHook[] = []
  readonly #inFlight = new Set<ServerResponse>()
  #gate: Promise<void> | undefined
  #stopping = false

  constructor(config: ServerConfig, load: () => Promise<ServerConfig>, logger: Logger) {
    this.config = config
    this.#load = load
    this.#logger = logger
  }

  /** Registers a reload hook, run in registration order; returns a function removing it. */
  onReload(hook: ReloadHook): () => void {
    this.#hooks.push(hook)
    return () => {
      const i = this.#hooks.indexOf(hook)
      if (i !== -1) this.#hooks.splice(i, 1)
    }
  }

  /** Seconds since start. */
  get uptimeSeconds(): number {
    return Math.floor((Date.now() - this.startedAt) / 1000)
  }

  /** Requests currently running. */
  get inFlight(): number {
    return this.#inFlight.size
  }

  /** Whether a stop has begun (new requests are refused). */
  get stopping(): boolean {
    return this.#stopping
  }

  /**
   * Lets a request in: waits while a restart is under way, then counts it as in flight until
   * its response closes. Returns false when the server is stopping (answer 503).
   */
  admit(res: ServerResponse): boolean | Promise<boolean> {
    if (this.#stopping) return false
    if (this.#gate) return this.#gate.then(() => this.admit(res))
    this.#inFlight.add(res)
    res.once('close', () => this.#inFlight.delete(res))
    return true
  }

  /**
   * Restarts in place: holds new requests, drains running ones (cancelling those that outlast
   * `drainMs`), reloads the configuration, runs every reload hook, then lets requests go on.
   */
  async restart(options: DrainOptions): Promise<RestartResult> {
    if (this.#gate) throw new Error('a restart is already under way')
    let open!: () => void
    this.#gate = new Promise((resolve) => {
      open = resolve
    })
    try {
      const cancelled = await this.drain(options)
      const errors: string[] = []
      // A configuration that no longer loads (an older setup's hand-edited file) is reported
      // and the one in effect is kept: the server must come back up either way.
      try {
        this.config = await this.#load()
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error)
        this.#logger.error(`restart: the configuration was not reloaded: ${message}`, error)
        errors.push(`the configuration was not reloaded: ${message}`)
      }
      const config = this.config
      for (const hook of [...this.#hooks]) {
        try {
          await hook(config)
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error)
          this.#logger.error(`restart: a reload step failed: ${message}`, error)
          errors.push(message)
        }
      }
      return { config, cancelled, errors }
    } finally {
      this.#gate = undefined
      open()
    }
  }

  /** Refuses new requests from now on and drains running ones; returns how many were cancelled. */
  beginStop(options: DrainOptions): Promise<number> {
    this.#stopping = true
    return this.drain(options)
  }

  /**
   * Waits up to `drainMs` for running requests (but `except`) to finish, then cancels the rest
   * by destroying their connections: an upload cut this way stores nothing.
   */
  async drain({ drainMs, except }: DrainOptions): Promise<number> {
    const deadline = Date.now() + drainMs
    const others = () => [...this.#inFlight].filter((res) => res !== except)
    while (others().length > 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, Math.min(50, Math.max(1, deadline - Date.now()))))
    }
    const remaining = others()
    for (const res of remaining) {
      res.destroy()
      res.req?.destroy()
    }
    return remaining.length
  }
}
