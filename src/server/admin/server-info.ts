import type { ServerInfo } from '../../shared/admin/server-info.js'
import type { ServerContext } from '../context.js'
import { buildInfo } from './build-info.js'

/**
 * Gathers this server's information record. A failure to read storage usage is reported in the
 * record (`status: 'error'`, `error`) rather than failing the whole call, since in a cluster one
 * server's failure must not hide the others.
 *
 * @example const [record] = [await collectServerInfo(ctx)]
 */
export async function collectServerInfo(ctx: ServerContext): Promise<ServerInfo> {
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
