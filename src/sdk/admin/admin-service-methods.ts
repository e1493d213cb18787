/** `AdminClient`'s server-wide operations: info, service, credential, config, heal. */
import { deliver, type NoResultCallback, popCallback, type ResultCallback } from '../callbackify.js'
import { InvalidArgumentError } from '../errors.js'
import { AdminClientCore } from './admin-client-core.js'
import type {
  HealOptions,
  HealStartResult,
  HealStatus,
  HealStatusOptions,
  HealStopOptions,
  ServerConfigDocument,
  ServerInfo,
  ServiceActionOptions,
  ServiceRestartResult,
  ServiceStatus,
} from './admin-types.js'

const JSON_TYPE = 'application/json'

/**
 * Info, service, credential, configuration and heal operations.
 * @example
 * const [info] = await admin.serverInfo()
 */
export class AdminServiceMethods extends AdminClientCore {
  /**
   * Information about each server (one record per server).
   * @example
   * const [{ server }] = await admin.serverInfo(); console.log(server.version, server.region)
   */
  serverInfo(): Promise<ServerInfo[]>
  serverInfo(callback: ResultCallback<ServerInfo[]>): void
  serverInfo(...rest: unknown[]): Promise<ServerInfo[]> | undefined {
    return deliver(popCallback(rest), () => this.transport.json({ method: 'GET', path: ['v1', 'info'] }))
  }

  /**
   * Uptime (seconds) and build of the server.
   * @example
   * const { uptime } = await admin.serviceStatus()
   */
  serviceStatus(): Promise<ServiceStatus>
  serviceStatus(callback: ResultCallback<ServiceStatus>): void
  serviceStatus(...rest: unknown[]): Promise<ServiceStatus> | undefined {
    return deliver(popCallback(rest), () => this.transport.json({ method: 'GET', path: ['v1', 'service'] }))
  }

  /**
   * Restarts the server in place: running requests get `drainSeconds` (default 5) to finish,
   * the configuration and notification targets are reloaded; resolves once that is done. The
   * server did restart even when something did not come up: then the result has `status`
   * 'error', and `failedTargets` names each notification target that did not start.
   * @example
   * const { status, failedTargets } = await admin.serviceRestart()
   * for (const { arn, error } of failedTargets) console.error(`${arn}: ${error}`)
   */
  serviceRestart(options?: ServiceActionOptions): Promise<ServiceRestartResult>
  serviceRestart(callback: ResultCallback<ServiceRestartResult>): void
  serviceRestart(options: ServiceActionOptions, callback: ResultCallback<ServiceRestartResult>): void
  serviceRestart(...rest: unknown[]): Promise<ServiceRestartResult> | undefined {
    const callback = popCallback(rest)
    return deliver(callback, () =>
      this.transport.json({ method: 'POST', path: ['v1', 'service', 'restart'], query: drainQuery(rest[0]) }),
    )
  }

  /**
   * Stops the server: it answers, then drains running requests and shuts down.
   * @example
   * await admin.serviceStop({ drainSeconds: 10 })
   */
  serviceStop(options?: ServiceActionOptions): Promise<void>
  serviceStop(callback: NoResultCallback): void
  serviceStop(options: ServiceActionOptions, callback: NoResultCallback): void
  serviceStop(...rest: unknown[]): Promise<void> | undefined {
    const callback = popCallback(rest)
    return deliver(callback, () =>
      this.transport.empty({ method: 'POST', path: ['v1', 'service', 'stop'], query: drainQuery(rest[0]) }),
    )
  }

  /**
   * Replaces the root (admin) credential. It works at once and survives restarts; the old one is
   * refused from then on, so make a new `AdminClient` with the new keys.
   * @example
   * await admin.setCredentials('new-admin', 'new-admin-secret-key')
   */
  setCredentials(accessKey: string, secretKey: string): Promise<void>
  setCredentials(accessKey: string, secretKey: string, callback: NoResultCallback): void
  setCredentials(accessKey: string, secretKey: string, ...rest: unknown[]): Promise<void> | undefined {
    return deliver(popCallback(rest), async () => {
      const body = await this.seal({ accessKey, secretKey })
      await this.transport.empty({ method: 'PUT', path: ['v1', 'credential'], body })
    })
  }

  /**
   * The stored server configuration (it may differ from the running one until a restart).
   * @example
   * const config = await admin.getConfig()
   */
  getConfig(): Promise<ServerConfigDocument>
  getConfig(callback: ResultCallback<ServerConfigDocument>): void
  getConfig(...rest: unknown[]): Promise<ServerConfigDocument> | undefined {
    return deliver(popCallback(rest), async () => {
      const res = await this.transport.send({ method: 'GET', path: ['v1', 'config'] })
      return JSON.parse(await this.unseal(res)) as ServerConfigDocument
    })
  }

  /**
   * Replaces the server configuration (a document or its JSON text); it takes effect on
   * `serviceRestart()`. A bad document is refused with `XSiloAdminConfigBadJSON` naming the field.
   * @example
   * await admin.setConfig({ ...config, region: 'eu-west-1' }); await admin.serviceRestart()
   */
  setConfig(config: ServerConfigDocument | string): Promise<void>
  setConfig(config: ServerConfigDocument | string, callback: NoResultCallback): void
  setConfig(config: ServerConfigDocument | string, ...rest: unknown[]): Promise<void> | undefined {
    return deliver(popCallback(rest), async () => {
      const text = typeof config === 'string' ? config : JSON.stringify(config)
      const body = await this.seal(JSON.parse(text))
      await this.transport.empty({ method: 'PUT', path: ['v1', 'config'], body, contentType: JSON_TYPE })
    })
  }

  /**
   * Starts healing the deployment, a bucket or a prefix. Only erasure-coded setups heal; a
   * single-drive server rejects with `XSiloHealNotImplemented`.
   * @example
   * await admin.heal({ bucket: 'photos', recursive: true })
   */
  heal(options?: HealOptions): Promise<HealStartResult>
  heal(callback: ResultCallback<HealStartResult>): void
  heal(options: HealOptions, callback: ResultCallback<HealStartResult>): void
  heal(...rest: unknown[]): Promise<HealStartResult> | undefined {
    const callback = popCallback(rest)
    return deliver(callback, () => {
      const options = (rest[0] ?? {}) as HealOptions
      const query: Record<string, string> = options.forceStart ? { forceStart: 'true' } : {}
      const body = new TextEncoder().encode(
        JSON.stringify({ recursive: options.recursive ?? false, dryRun: options.dryRun ?? false }),
      )
      return this.transport.json({
        method: 'POST',
        path: healPath(options),
        query,
        body,
        contentType: JSON_TYPE,
      })
    })
  }

  /**
   * Polls a heal sequence started by `heal()` on the same bucket and prefix: its state and the
   * result items gathered since the previous poll (each item is handed out once). Poll until
   * `summary` is `finished` or `stopped`.
   * @example
   * const { clientToken } = await admin.heal({ bucket: 'photos', recursive: true })
   * const { summary, items } = await admin.healStatus({ bucket: 'photos', clientToken })
   */
  healStatus(options: HealStatusOptions): Promise<HealStatus>
  healStatus(options: HealStatusOptions, callback: ResultCallback<HealStatus>): void
  healStatus(options: HealStatusOptions, ...rest: unknown[]): Promise<HealStatus> | undefined {
    return deliver(popCallback(rest), async () => {
      if (typeof options?.clientToken !== 'string' || options.clientToken === '') {
        throw new InvalidArgumentError('healStatus: give the clientToken that heal() returned')
      }
      const query = { clientToken: options.clientToken }
      const raw = await this.transport.json<Record<string, unknown>>({
        method: 'POST',
        path: healPath(options),
        query,
      })
      return parseHealStatus(raw)
    })
  }

  /**
   * Stops the heal sequence on a bucket and prefix and waits for it to end. Resolves with its
   * token, or `clientToken: 'invalid'` when none was there.
   * @example
   * await admin.stopHeal({ bucket: 'photos' })
   */
  stopHeal(options?: HealStopOptions): Promise<HealStartResult>
  stopHeal(callback: ResultCallback<HealStartResult>): void
  stopHeal(options: HealStopOptions, callback: ResultCallback<HealStartResult>): void
  stopHeal(...rest: unknown[]): Promise<HealStartResult> | undefined {
    const callback = popCallback(rest)
    return deliver(callback, () => {
      const options = (rest[0] ?? {}) as HealStopOptions
      return this.transport.json({ method: 'POST', path: healPath(options), query: { forceStop: 'true' } })
    })
  }
}

/** `v1/heal[/bucket[/prefix...]]`; a prefix without a bucket is refused before sending. */
function healPath(options: { bucket?: string | undefined; prefix?: string | undefined }): string[] {
  if (options.prefix && !options.bucket) throw new InvalidArgumentError('heal: a prefix needs a bucket')
  const path = ['v1', 'heal', ...(options.bucket ? [options.bucket] : [])]
  if (options.prefix) path.push(...options.prefix.split('/'))
  return path
}

/**
 * A poll's answer in `HealStatus` form. The server sends MinIO's capitalised keys (`Summary`,
 * `Items`); madmin reads them case-insensitively, so the lower-case spelling is accepted too.
 */
function parseHealStatus(raw: Record<string, unknown>): HealStatus {
  const field = (name: string): unknown => {
    const capital = name[0]!.toUpperCase() + name.slice(1)
    return raw[capital] ?? raw[name]
  }
  const settings = (field('settings') ?? {}) as Partial<HealStatus['settings']>
  const items = field('items')
  return {
    summary: String(field('summary') ?? '') as HealStatus['summary'],
    detail: typeof field('detail') === 'string' ? (field('detail') as string) : '',
    startTime: String(field('startTime') ?? ''),
    numDisks: Number(field('numDisks') ?? 0),
    settings: { recursive: settings.recursive === true, dryRun: settings.dryRun === true },
    items: Array.isArray(items) ? (items as HealStatus['items']).map(normalizeHealItem) : [],
  }
}

/** MinIO omits zero data/parity counts and may send null drive lists; the type promises values. */
function normalizeHealItem(item: HealStatus['items'][number]): HealStatus['items'][number] {
  return {
    ...item,
    dataBlocks: item.dataBlocks ?? 0,
    parityBlocks: item.parityBlocks ?? 0,
    before: { drives: item.before?.drives ?? [] },
    after: { drives: item.after?.drives ?? [] },
  }
}

function drainQuery(options: unknown): Record<string, string> | undefined {
  const seconds = (options as ServiceActionOptions | undefined)?.drainSeconds
  if (seconds === undefined) return undefined
  if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds < 0 || seconds > 600) {
    throw new InvalidArgumentError(`drainSeconds must be a number from 0 to 600, got ${String(seconds)}`)
  }
  return { drain: String(seconds) }
}
