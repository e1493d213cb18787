import type { ServerContext } from '../context.js'
import { buildInfo } from './build-info.js'

/** The seed's server information record, one per server. */
export interface ServerInfoRecord {
  status: 'success' | 'error'
  service: 'on' | 'off'
  /** `host:port` of the server. */
  address: string
  /** '' when there is no error. */
  error: string
  storage: { used: number; backend: { backendType: string } }
  /** `transferred`: bytes sent to clients; `received`: bytes received from them. */
  network: { transferred: number; received: number }
  server: {
    /** Seconds since start. */
    uptime: number
    /** Build time, `YYYY-MM-DDThh:mm:ssZ`. */
    version: string
    commitID: string
    region: string
    /** ARNs of the notification targets that started. */
    sqsARN: string[]
  }
}

/**
 * Gathers this server's information record. A failure to read storage usage is reported in the
 * record (`status: 'error'`, `error`) rather than failing the whole call, since in a cluster one
 * server's failure must not hide the others.
 *
 * @example const [record] = [await collectServerInfo(ctx)]
 */
export async function collectServerInfo(ctx: ServerContext): Promise<ServerInfoRecord> {
  const { version, commitID } = buildInfo()
  const { received, transferred } = ctx.admin.network.totals()
  let used = 0
  let error = ''
  try {
    used = await ctx.storage.usedBytes()
  } catch (e) {
    error = `storage usage unavailable: ${e instanceof Error ? e.message : String(e)}`
  }
  return {
    status: error === '' ? 'success' : 'error',
    service: 'on',
    address: ctx.admin.address(),
    error,
    storage: { used, backend: { backendType: ctx.storage.kind } },
    network: { transferred, received },
    server: {
      uptime: ctx.lifecycle.uptimeSeconds,
      version,
      commitID,
      region: ctx.region,
      sqsARN: ctx.notifications?.onlineArns() ?? [],
    },
  }
}
