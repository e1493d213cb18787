import { createServer as createHttpServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createRootCredentialStore } from './auth/credentials.js'
import { nodeCrypto } from './auth/node-crypto.js'
import { SigningKeyCache } from './auth/signing-key-cache.js'
import { formatBanner, listEndpoints } from './banner.js'
import type { Logger, ServerContext } from './context.js'
import { type BucketEvents, createBucketEvents } from './events/bucket-events.js'
import { createRequestListener } from './handle-request.js'
import { resolveOptions, type ServerOptions } from './options.js'
import { openSingleDrive } from './storage/single-drive.js'
import type { StorageBackend } from './storage/types.js'

export type { Logger } from './context.js'
export type { ServerOptions } from './options.js'

/** Where a started server listens. */
export interface StartedServer {
  /** Base URL for clients, e.g. `http://127.0.0.1:9000`. */
  url: string
  port: number
  host: string
}

/** A Silo S3 server that can be started and stopped in-process. */
export interface SiloServer {
  /** Opens storage, listens, prints the banner (unless `quiet`). */
  start(): Promise<StartedServer>
  /** Closes every connection, stops listening and closes storage. */
  stop(): Promise<void>
}

/**
 * Creates an S3-compatible server over a data directory.
 *
 * @example
 * ```ts
 * import { createServer } from 'silo/server'
 *
 * const server = createServer({ dir: './data', address: '127.0.0.1:0', quiet: true })
 * const { url } = await server.start()
 * // … point any S3 client at `url` with siloadmin / siloadmin …
 * await server.stop()
 * ```
 */
export function createServer(options: ServerOptions): SiloServer {
  const opts = resolveOptions(options)
  let http: Server | undefined
  let storage: StorageBackend | undefined
  let events: BucketEvents | undefined

  return {
    async start() {
      if (http) throw new Error('the server is already started')
      const opened = await openSingleDrive(opts.dir)
      storage = opened
      const ctx = createContext(opened, opts.accessKey, opts.secretKey, opts.region, opts.domain, opts.logger)
      let url = ''
      events = createBucketEvents({
        storage: opened,
        region: opts.region,
        ownerAccessKey: opts.accessKey,
        log: (message) => opts.logger.warn(`[silo events] ${message}`),
        notify: opts.notify,
        originEndpoint: () => url,
      })
      ctx.events = events
      ctx.notifications = events
      // Rules are loaded before the first request, so no event of an early request is missed.
      const arns = await events.start()
      const listener = createRequestListener(ctx)
      // No overall request timeout: a 5 GiB upload may take long; idle sockets still time out.
      http = createHttpServer({ requestTimeout: 0, keepAliveTimeout: 65_000 }, listener)
      http.on('checkContinue', (req, res) => listener(req, res, true))
      const server = http
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject)
        server.listen(opts.port, opts.host || undefined, () => {
          server.off('error', reject)
          resolve()
        })
      })
      const { port } = server.address() as AddressInfo
      const endpoints = listEndpoints(opts.host, port)
      url =
        opts.host === '' || opts.host === '0.0.0.0' || opts.host === '::'
          ? `http://127.0.0.1:${port}`
          : endpoints[0]!
      // The seed's line, printed only for targets that started without error.
      const sqs = arns.length > 0 ? `\nSQS ARNs: ${arns.join(' ')}` : ''
      if (!opts.quiet) opts.logger.info(formatBanner({ ...opts, endpoints }) + sqs)
      return { url, port, host: opts.host || '0.0.0.0' }
    },

    async stop() {
      const server = http
      http = undefined
      // Listen streams end with their final chunk before connections are closed.
      if (events) {
        events.closeListeners()
        await new Promise((resolve) => setImmediate(resolve))
      }
      if (server) {
        const closed = new Promise<void>((resolve) => server.close(() => resolve()))
        server.closeAllConnections()
        await closed
      }
      await events?.close()
      events = undefined
      await storage?.close()
      storage = undefined
    },
  }
}

function createContext(
  storage: StorageBackend,
  accessKey: string,
  secretKey: string,
  region: string,
  domain: string | undefined,
  logger: Logger,
): ServerContext {
  return {
    storage,
    region,
    domain,
    logger,
    auth: {
      credentials: createRootCredentialStore({ accessKey, secretKey }),
      region,
      crypto: nodeCrypto,
      keys: new SigningKeyCache(nodeCrypto),
      now: Date.now,
    },
  }
}
