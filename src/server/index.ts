import type { Server, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { AdminServices } from './admin/admin-services.js'
import { HealSequences } from './admin/heal/heal-sequences.js'
import { NetworkStats } from './admin/network-stats.js'
import { createIamCredentialStore } from './auth/credentials.js'
import { nodeCrypto } from './auth/node-crypto.js'
import { SigningKeyCache } from './auth/signing-key-cache.js'
import { formatBanner, formatSqsArns, listEndpoints } from './banner.js'
import { type ClusterNode, createClusterNode } from './cluster/cluster-node.js'
import { joinCluster } from './cluster/join-cluster.js'
import { ConfigStore } from './config/config-store.js'
import type { ServerConfig } from './config/server-config.js'
import type { ServerContext } from './context.js'
import type { CorsPolicy } from './cors/cors-policy.js'
import { type BucketEvents, createBucketEvents } from './events/bucket-events.js'
import { createRequestListener, type RequestListener } from './handle-request.js'
import { Iam } from './iam/iam.js'
import { LifecycleScanner } from './ilm/lifecycle-scanner.js'
import { Lifecycle } from './lifecycle.js'
import type { Logger } from './logger.js'
import { resolveOptions, type ServerOptions } from './options.js'
import { sendNotInitialized } from './response/send-not-initialized.js'
import { reportedRegion } from './server-region.js'
import { createEncryptingLayer } from './storage/encryption/encrypting-layer.js'
import { openErasureSets } from './storage/erasure-sets.js'
import type { ObjectLayer } from './storage/object-layer.js'
import { openSingleDrive } from './storage/single-drive.js'
import { createNodeServer } from './tls/create-node-server.js'

export type { ConnectionOptions } from './connections/connection-limits.js'
export type { CorsOptions } from './cors/cors-policy.js'
export type { Logger } from './logger.js'
export type { ServerOptions } from './options.js'
export { checkDriveList } from './storage/erasure/drive-list.js'
export { readCertsDir, type TlsOptions } from './tls/tls-options.js'

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
  /**
   * Resolves once the server has stopped, by `stop()` or by the admin API's `service stop`
   * (so `silo server` can exit 0 then).
   */
  readonly stopped: Promise<void>
}

/**
 * Creates an S3-compatible server over a data directory.
 *
 * @example
 * ```ts
 * import { createServer } from 'silo-server'
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
  let storage: ObjectLayer | undefined
  let events: BucketEvents | undefined
  let heal: HealSequences | undefined
  let ilm: LifecycleScanner | undefined
  let cluster: ClusterNode | undefined
  const network = new NetworkStats()
  // From start() until stop() or a failed start: a second start() in between is refused.
  let active = false
  let markStopped!: () => void
  const stopped = new Promise<void>((resolve) => {
    markStopped = resolve
  })

  // Closes what a start opened, in reverse order: shared by stop() and by a start that fails
  // half-way (its port in use), so the drive lock and LMDB are released with the storage and a
  // retry in this process, or another process, can open the drives again.
  async function release(): Promise<void> {
    const server = http
    http = undefined
    // Listen streams end with their final chunk before connections are closed.
    if (events) {
      events.closeListeners()
      await new Promise((resolve) => setImmediate(resolve))
    }
    if (server?.listening) {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()))
      server.closeAllConnections()
      await closed
    }
    // The lifecycle scanner stops before the events it publishes and the storage it walks.
    await ilm?.close()
    ilm = undefined
    await events?.close()
    events = undefined
    // Heal sequences end before the drives they heal close.
    await heal?.close()
    heal = undefined
    await storage?.close()
    storage = undefined
    // The member leaves etcd (its locks' slots go to others) once its drives are closed.
    await cluster?.close()
    cluster = undefined
    active = false
  }

  const api: SiloServer = {
    stopped,
    async start() {
      if (active) throw new Error('the server is already started')
      active = true
      try {
        return await open()
      } catch (error) {
        // The caller sees why the start failed, not a later failure of the clean-up.
        await release().catch((cleanup: unknown) =>
          opts.logger.warn(`[silo] closing after a failed start: ${(cleanup as Error).message}`),
        )
        active = false
        throw error
      }
    },

    async stop() {
      await release()
      markStopped()
    },
  }

  /** Creates the HTTP(S) server on `listener` and listens on the configured address. */
  async function listen(listener: RequestListener): Promise<void> {
    const server = createNodeServer(opts.tls, listener, opts.connections, opts.logger)
    http = server
    server.on('connection', (socket) => network.track(socket))
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(opts.port, opts.host || undefined, () => {
        server.off('error', reject)
        resolve()
      })
    })
  }

  async function open(): Promise<StartedServer> {
    // Requests reach the S3 pipeline once it exists; before (a cluster member waiting for etcd
    // or its peers' drives), only the internal API answers and S3 gets 503.
    let pipeline: RequestListener | undefined
    const front: RequestListener = (req, res, expectsContinue) => {
      if (cluster?.handles(req)) return cluster.handle(req, res, expectsContinue)
      if (pipeline) return pipeline(req, res, expectsContinue)
      sendNotInitialized(req, res)
    }
    if (opts.cluster) {
      // A cluster member listens first: its peers need its drives to open theirs.
      cluster = createClusterNode({ ...opts.cluster, secretKey: opts.secretKey, logger: opts.logger })
      await listen(front)
    }
    const backend = cluster
      ? await cluster.openStorage()
      : opts.dirs.length === 1
        ? await openSingleDrive(opts.dirs[0]!)
        : await openErasureSets(opts.dirs, { setDriveCount: opts.setDriveCount })
    // Everything above storage goes through the encrypting layer (SSE-S3, SSE-C; issue 15).
    const opened = createEncryptingLayer(backend, { masterKey: opts.masterKey })
    storage = opened
    const iam = new Iam(opened, { accessKey: opts.accessKey, secretKey: opts.secretKey })
    await iam.load()
    const configStore = new ConfigStore(opened, opts.region, {
      log: (message) => opts.logger.warn(`[silo] ${message}`),
    })
    const lifecycle = new Lifecycle(
      await configStore.loadAtStart(),
      () => configStore.loadAtStart(),
      opts.logger,
    )
    // Erasure storage classes from the configuration (`storageclass`); a stored value these
    // drives cannot give (validated when it was set) falls back to the default, loudly.
    const applyStorageClasses = (config: ServerConfig) => {
      try {
        configStore.checkStorageClasses(config, true)
      } catch (error) {
        opts.logger.warn(`[silo] ${(error as Error).message}; using the default storage classes`)
      }
    }
    applyStorageClasses(lifecycle.config)
    heal = new HealSequences(opened)
    const scanner = new LifecycleScanner(
      {
        storage: opened,
        events: () => ctx.events,
        warn: (message) => opts.logger.warn(`[silo ilm] ${message}`),
        scansInBackground: () => cluster?.leads() ?? true,
      },
      opts.lifecycleScan,
    )
    ilm = scanner
    const admin: AdminServices = {
      config: configStore,
      network,
      heal,
      ilm: scanner,
      address: () => {
        // A cluster member is known by the host:port the endpoints give it.
        if (cluster) return new URL(cluster.topology.self).host
        const bound = http?.address() as AddressInfo | null | undefined
        return bound ? `${opts.host || '0.0.0.0'}:${bound.port}` : ''
      },
      ...(cluster ? { peers: cluster.peers, usedBytes: () => cluster!.localUsedBytes() } : {}),
      stop: async (drainMs: number, except?: ServerResponse) => {
        await lifecycle.beginStop({ drainMs, except })
        await api.stop()
      },
    }
    // The configured region, '' when none is (server-region.ts).
    const ctx = createContext(opened, iam, lifecycle, admin, configStore.regionOf(lifecycle.config), opts)
    // Restart (admin `service restart`): IAM and region first, then the event targets.
    lifecycle.onReload(async (config) => {
      applyStorageClasses(config)
      await iam.load()
      ctx.configuredRegion = configStore.regionOf(config)
      ctx.region = reportedRegion(ctx.configuredRegion)
      ctx.auth.region = ctx.configuredRegion
    })
    let url = ''
    events = createBucketEvents({
      storage: opened,
      region: () => ctx.region,
      ownerAccessKey: iam.root.current.accessKey,
      log: (message) => opts.logger.warn(`[silo events] ${message}`),
      notify: opts.notify,
      // The configuration in effect: the data folder's, or an older setup's home file.
      loadNotify: () => lifecycle.config.notify,
      originEndpoint: () => url,
      drives: opts.dirs,
    })
    ctx.events = events
    ctx.notifications = events
    // Rules are loaded before the first request, so no event of an early request is missed.
    const arns = await events.start()
    const started = events
    // A restart prints the seed's line again, with only the targets that came up.
    lifecycle.onReload(async () => {
      const online = await started.reload()
      if (!opts.quiet && online.length > 0) opts.logger.info(formatSqsArns(online))
    })
    scanner.start()
    if (cluster) joinCluster(cluster, { ctx, iam, events })
    pipeline = createRequestListener(ctx)
    if (!http) await listen(front)
    const { port } = http!.address() as AddressInfo
    const scheme = opts.tls ? 'https:' : 'http:'
    const endpoints = listEndpoints(opts.host, port).map((e) => e.replace(/^http:/, scheme))
    url =
      opts.host === '' || opts.host === '0.0.0.0' || opts.host === '::'
        ? `${scheme}//127.0.0.1:${port}`
        : endpoints[0]!
    // The seed's line, printed only for targets that started without error.
    const sqs = arns.length > 0 ? `\n${formatSqsArns(arns)}` : ''
    const layout = await opened.layout?.()
    const erasure = layout && { drives: layout.drives.length, sets: layout.setCount, ...layout.standard }
    const banner = { ...opts, ...iam.root.current, region: ctx.region, endpoints, erasure }
    if (iam.root.persisted) banner.usingDefaultCredential = false
    if (!opts.quiet) opts.logger.info(formatBanner(banner) + sqs)
    return { url, port, host: opts.host || '0.0.0.0' }
  }
  return api
}

function createContext(
  storage: ObjectLayer,
  iam: Iam,
  lifecycle: Lifecycle,
  admin: AdminServices,
  configuredRegion: string,
  opts: { domain: string | undefined; logger: Logger; cors: CorsPolicy },
): ServerContext {
  return {
    storage,
    region: reportedRegion(configuredRegion),
    configuredRegion,
    domain: opts.domain,
    cors: opts.cors,
    logger: opts.logger,
    iam,
    lifecycle,
    admin,
    auth: {
      credentials: createIamCredentialStore(iam),
      region: configuredRegion,
      crypto: nodeCrypto,
      keys: new SigningKeyCache(nodeCrypto),
      now: Date.now,
    },
  }
}
