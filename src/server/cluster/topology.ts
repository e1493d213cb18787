import { hostname, networkInterfaces } from 'node:os'
import { chooseSetDriveCount } from '../storage/erasure/drive-list.js'

/** One drive of a distributed deployment, as the endpoint list names it. */
export interface ClusterDrive {
  /** As given: `http://127.0.0.1:9002/srv/disk1`. */
  endpoint: string
  /** Its server: `http://127.0.0.1:9002`. */
  server: string
  /** The folder on that server: `/srv/disk1`. */
  path: string
  /** Whether this server holds it. */
  local: boolean
}

/** Where a distributed deployment's drives are and which are this server's. */
export interface ClusterTopology {
  /** Every server, in the order the list first names them (`http://host:port`). */
  servers: string[]
  /** This server's URL, one of `servers`. */
  self: string
  /**
   * Every drive, in set order: the list's drives taken a server at a time, round robin
   * (server 1's first drive, server 2's first drive, …), so each erasure set's drives are
   * spread over the servers and losing a server costs each set as few shards as possible.
   */
  drives: ClusterDrive[]
  /** Drives per erasure set; `drives.length / setDriveCount` sets. */
  setDriveCount: number
}

/**
 * Reads a distributed deployment from its endpoint list (MinIO's form, ellipses already
 * expanded: `http://127.0.0.1:9001/srv/d1 ... http://127.0.0.1:9004/srv/d4`), the same on every
 * server, and finds this server's drives by its listening port (and, unless it listens on every
 * interface, its host). Every server must hold the same number of drives. Throws an Error
 * naming the problem.
 *
 * @example
 * parseTopology(['http://127.0.0.1:9001/d1', ...], { host: '127.0.0.1', port: 9001 })
 */
export function parseTopology(
  endpoints: readonly string[],
  listen: { host: string; port: number },
  options: { setDriveCount?: number } = {},
): ClusterTopology {
  const byServer = new Map<string, ClusterDrive[]>()
  const seen = new Set<string>()
  for (const endpoint of endpoints) {
    const drive = parseDriveEndpoint(endpoint, listen)
    const id = `${drive.server}${drive.path}`
    if (seen.has(id)) throw new Error(`drive ${endpoint} is given twice`)
    seen.add(id)
    const list = byServer.get(drive.server) ?? []
    list.push(drive)
    byServer.set(drive.server, list)
  }
  const servers = [...byServer.keys()]
  const mine = servers.filter((s) => byServer.get(s)![0]!.local)
  if (mine.length === 0) {
    throw new Error(
      `none of the endpoints is this server's (listening on ${listen.host || '*'}:${listen.port}): give --address the host:port the endpoints name`,
    )
  }
  if (mine.length > 1) throw new Error(`the endpoints name this server twice: ${mine.join(', ')}`)
  const perServer = byServer.get(servers[0]!)!.length
  for (const server of servers) {
    const count = byServer.get(server)!.length
    if (count !== perServer) {
      throw new Error(
        `every server must hold the same number of drives: ${servers[0]} has ${perServer}, ${server} has ${count}`,
      )
    }
  }
  const drives: ClusterDrive[] = []
  for (let i = 0; i < perServer; i++) for (const server of servers) drives.push(byServer.get(server)![i]!)
  return {
    servers,
    self: mine[0]!,
    drives,
    setDriveCount: chooseSetDriveCount(drives.length, options.setDriveCount),
  }
}

/** One endpoint: `http(s)://host:port/path`, with whether it is this server's. */
function parseDriveEndpoint(endpoint: string, listen: { host: string; port: number }): ClusterDrive {
  let url: URL
  try {
    url = new URL(endpoint)
  } catch {
    throw new Error(`${endpoint} is not a drive endpoint (http://host:port/path)`)
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`${endpoint}: a drive endpoint is http:// or https://`)
  }
  if (url.pathname === '/' || url.pathname === '') throw new Error(`${endpoint} names no drive folder`)
  if (url.search || url.hash || url.username)
    throw new Error(`${endpoint}: a drive endpoint is host:port/path only`)
  const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80))
  const server = `${url.protocol}//${url.host}`
  const host = url.hostname.replace(/^\[|\]$/g, '')
  const local = port === listen.port && isThisHost(host, listen.host)
  return { endpoint, server, path: decodeURIComponent(url.pathname), local }
}

/** Whether `host` (from an endpoint) reaches a server listening on `listenHost`. */
function isThisHost(host: string, listenHost: string): boolean {
  if (listenHost !== '' && listenHost !== '0.0.0.0' && listenHost !== '::') return host === listenHost
  if (host === 'localhost' || host === hostname()) return true
  for (const list of Object.values(networkInterfaces())) {
    for (const address of list ?? []) if (address.address === host) return true
  }
  return false
}
