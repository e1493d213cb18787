import { type ClusterTopology, parseTopology } from './cluster/topology.js'
import {
  type ConnectionLimits,
  type ConnectionOptions,
  resolveConnectionLimits,
} from './connections/connection-limits.js'
import { type CorsOptions, type CorsPolicy, createCorsPolicy } from './cors/cors-policy.js'
import {
  type LifecycleScanOptions,
  type ResolvedScanOptions,
  resolveScanOptions,
} from './ilm/scan-options.js'
import type { Logger } from './logger.js'
import { isRegionName } from './server-region.js'
import { type MasterKey, parseMasterKey } from './storage/encryption/object-keys.js'
import { checkDriveList, chooseSetDriveCount } from './storage/erasure/drive-list.js'
import { resolveTls, type TlsOptions } from './tls/tls-options.js'

/**
 * Options of `createServer`; the timeouts and the connection cap are `ConnectionOptions`
 * (`headersTimeoutMs`, `bodyTimeoutMs`, `idleTimeoutMs`, `keepAliveTimeoutMs`, `maxConnections`).
 */
export interface ServerOptions extends ConnectionOptions {
  /**
   * Directory holding the data (created if missing), or 4 or more drive directories for
   * erasure-coded storage (`['/mnt/d1', …]`; an array of one is the single drive).
   */
  dir: string | string[]
  /**
   * Distributed mode (docs/distributed.md): etcd's client URLs (`http://127.0.0.1:2379,...` or an
   * array). `dir` then lists every server's drives as URLs, the same list on every server
   * (`http://127.0.0.1:9001/srv/d1 ... http://127.0.0.1:9004/srv/d4`); this server finds its own
   * by `address`.
   */
  etcd?: string | string[]
  /**
   * Erasure mode: drives per erasure set (default env SILO_ERASURE_SET_DRIVE_COUNT, else the
   * largest even count from 4 to 16 that divides the drive count: 4 to 16 drives are one set).
   */
  setDriveCount?: number
  /** `host:port` to listen on; default ':9000' (all interfaces). Port 0 picks a free port. */
  address?: string
  /** Root access key; default env SILO_ROOT_USER, else 'siloadmin'. */
  rootUser?: string
  /** Root secret key; default env SILO_ROOT_PASSWORD, else 'siloadmin'. */
  rootPassword?: string
  /**
   * Region the server answers for (`eu-west-1`). Default: none, as a MinIO server without one:
   * the server then accepts any region (signatures, a bucket's LocationConstraint) and reports
   * us-east-1. The server configuration's `region` wins over this one.
   */
  region?: string
  /** Domain for virtual-host-style requests (`<bucket>.<domain>`); path style always works. */
  domain?: string
  /** Print no start-up banner. */
  quiet?: boolean
  /** Where the banner, warnings and unexpected errors go; default the console. */
  logger?: Logger
  /**
   * Bucket-event targets, in the server configuration's `notify` shape
   * (`{ webhook: { '1': { enable: true, endpoint } } }`). When given, it is used instead of the
   * stored configuration's `notify` (embedding, tests).
   */
  notify?: unknown
  /** Web origins whose pages may call the server (CORS); default any origin. */
  cors?: CorsOptions
  /** Serve HTTPS with this PEM certificate and key (see `readCertsDir` for a MinIO-style certs dir). */
  tls?: TlsOptions
  /**
   * The SSE-S3 master key, in MinIO's `name:base64(32 bytes)` form; default env
   * SILO_KMS_SECRET_KEY. Without one, SSE-S3 requests fail with KMSNotConfigured (501).
   */
  kmsSecretKey?: string
  /**
   * The lifecycle scanner's pace and clock (docs/lifecycle.md): `objectsPerSecond` (env
   * SILO_ILM_OBJECTS_PER_SECOND, default 5,000), `intervalMs` between full scans (env
   * SILO_ILM_SCAN_INTERVAL_MS, default one hour; 0: only the admin hook scans), `now` for tests.
   */
  lifecycleScan?: LifecycleScanOptions
}

/** The documented local default root credential (a warning is printed when it is used). */
export const DEFAULT_ROOT_CREDENTIAL = 'siloadmin'

/** Options with defaults applied and checked. */
export interface ResolvedOptions {
  /** The drive directories: one for the single-drive backend, 4 or more for erasure coding. */
  dirs: string[]
  host: string
  port: number
  accessKey: string
  secretKey: string
  usingDefaultCredential: boolean
  /** The configured region; '' when none is (any region is accepted, us-east-1 reported). */
  region: string
  domain: string | undefined
  quiet: boolean
  logger: Logger
  notify: unknown
  cors: CorsPolicy
  tls: TlsOptions | undefined
  connections: ConnectionLimits
  /** The SSE-S3 master key, when one is configured. */
  masterKey: MasterKey | undefined
  /** The lifecycle scanner's settings. */
  lifecycleScan: ResolvedScanOptions
  /** Distributed mode: etcd and the deployment's drives (`dirs` are then this server's own folders). */
  cluster: { etcd: string[]; topology: ClusterTopology } | undefined
  /** Erasure mode on this machine's drives: drives per erasure set (`dirs.length`: one set). */
  setDriveCount: number
}

const consoleLogger: Logger = {
  info: (message) => console.log(message),
  warn: (message) => console.warn(message),
  error: (message, error) => console.error(message, error ?? ''),
}

/**
 * Applies defaults (options, then environment, then documented defaults) and validates.
 * Throws TypeError naming the bad option.
 */
export function resolveOptions(
  options: ServerOptions,
  env: NodeJS.ProcessEnv = process.env,
): ResolvedOptions {
  const dirs = typeof options.dir === 'string' ? [options.dir] : (options.dir ?? [])
  if (dirs.length === 0 || dirs.some((d) => !d)) throw new TypeError('createServer: `dir` is required')
  const { host, port } = parseAddress(options.address ?? ':9000')
  const cluster = resolveCluster(options, dirs, { host, port }, env)
  const accessKey = options.rootUser ?? env.SILO_ROOT_USER ?? DEFAULT_ROOT_CREDENTIAL
  const secretKey = options.rootPassword ?? env.SILO_ROOT_PASSWORD ?? DEFAULT_ROOT_CREDENTIAL
  if (accessKey.length < 3)
    throw new TypeError('createServer: the root user must be at least 3 characters long')
  if (secretKey.length < 8)
    throw new TypeError('createServer: the root password must be at least 8 characters long')
  return {
    dirs: cluster ? cluster.topology.drives.filter((d) => d.local).map((d) => d.path) : dirs,
    host,
    port,
    accessKey,
    secretKey,
    usingDefaultCredential: accessKey === DEFAULT_ROOT_CREDENTIAL && secretKey === DEFAULT_ROOT_CREDENTIAL,
    region: resolveRegion(options.region),
    domain: options.domain || undefined,
    quiet: options.quiet ?? false,
    logger: options.logger ?? consoleLogger,
    notify: options.notify,
    cors: createCorsPolicy(options.cors),
    tls: resolveTls(options.tls),
    connections: resolveConnectionLimits(options, env),
    masterKey: resolveMasterKey(options.kmsSecretKey ?? env.SILO_KMS_SECRET_KEY),
    lifecycleScan: resolveScanOptions(options.lifecycleScan, env),
    cluster,
    setDriveCount: cluster || dirs.length === 1 ? dirs.length : resolveSetDriveCount(options, dirs, env),
  }
}

/**
 * Drives per erasure set (the option, else env SILO_ERASURE_SET_DRIVE_COUNT, else the largest
 * count that divides the drives); TypeError naming what is wrong with the drives or the count.
 */
function resolveSetDriveCount(options: ServerOptions, dirs: string[], env: NodeJS.ProcessEnv): number {
  try {
    checkDriveList(dirs)
    return chooseSetDriveCount(dirs.length, setDriveCountOf(options, env))
  } catch (error) {
    throw new TypeError(`createServer: ${(error as Error).message}`)
  }
}

/** The setDriveCount option, else env SILO_ERASURE_SET_DRIVE_COUNT; undefined when neither. */
function setDriveCountOf(options: ServerOptions, env: NodeJS.ProcessEnv): number | undefined {
  const fromEnv = env.SILO_ERASURE_SET_DRIVE_COUNT
  return options.setDriveCount ?? (fromEnv ? Number(fromEnv) : undefined)
}

/**
 * Distributed mode's settings: drive URLs need `etcd`, and `etcd` needs drive URLs (a server on
 * folders of its own keeps its embedded stores). Throws TypeError naming the problem.
 */
function resolveCluster(
  options: ServerOptions,
  dirs: string[],
  listen: { host: string; port: number },
  env: NodeJS.ProcessEnv,
): ResolvedOptions['cluster'] {
  const urls = dirs.filter((d) => /^https?:\/\//i.test(d))
  const etcd = (typeof options.etcd === 'string' ? options.etcd.split(',') : (options.etcd ?? []))
    .map((e) => e.trim())
    .filter((e) => e !== '')
  if (urls.length === 0) {
    if (etcd.length > 0) {
      throw new TypeError(
        'createServer: `etcd` is for distributed mode, whose drives are URLs (http://host:port/path)',
      )
    }
    return undefined
  }
  if (urls.length !== dirs.length) {
    throw new TypeError('createServer: give every drive as a URL (http://host:port/path) or none')
  }
  if (etcd.length === 0) {
    throw new TypeError(
      'createServer: drives given as URLs are distributed mode, which needs `etcd` (--etcd)',
    )
  }
  if (listen.port === 0) throw new TypeError('createServer: distributed mode needs a fixed port in `address`')
  const setDriveCount = setDriveCountOf(options, env)
  try {
    return { etcd, topology: parseTopology(dirs, listen, { setDriveCount }) }
  } catch (error) {
    throw new TypeError(`createServer: ${(error as Error).message}`)
  }
}

/** The `kmsSecretKey` option (or SILO_KMS_SECRET_KEY): undefined when neither is set. */
function resolveMasterKey(text: string | undefined): MasterKey | undefined {
  if (text === undefined || text === '') return undefined
  try {
    return parseMasterKey(text)
  } catch (error) {
    throw new TypeError(`createServer: ${(error as Error).message} (kmsSecretKey / SILO_KMS_SECRET_KEY)`)
  }
}

/** The `region` option: a region name, or '' for none (undefined or ''). */
function resolveRegion(region: string | undefined): string {
  if (region === undefined || region === '') return ''
  if (!isRegionName(region)) {
    throw new TypeError(
      `createServer: region '${region}' must be lower-case letters, digits and - (as eu-west-1)`,
    )
  }
  return region
}

/**
 * Splits `host:port` (`:9000`, `localhost:0`, `[::1]:9000`).
 * @example parseAddress(':9000') // { host: '', port: 9000 }
 */
export function parseAddress(address: string): { host: string; port: number } {
  const colon = address.lastIndexOf(':')
  if (colon === -1) throw new TypeError(`createServer: address '${address}' must be host:port`)
  const host = address.slice(0, colon).replace(/^\[(.*)\]$/, '$1')
  const portText = address.slice(colon + 1)
  const port = Number(portText)
  if (!/^\d+$/.test(portText) || port > 65535) {
    throw new TypeError(`createServer: address '${address}' has an invalid port`)
  }
  return { host, port }
}
