import type { ServerInfo, StorageBackendInfo } from '../../shared/admin/server-info.js'
import type { ServerContext } from '../context.js'
import type { ErasureLayout } from '../storage/heal-types.js'
import { buildInfo } from './build-info.js'

/**
 * Gathers this server's information record (a cluster member's `used` is its own drives'). A failure to read storage usage is reported in the
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
  let backend: StorageBackendInfo = { backendType: ctx.storage.kind }
  try {
    used = await (ctx.admin.usedBytes ?? (() => ctx.storage.usedBytes()))()
  } catch (e) {
    error = `storage usage unavailable: ${e instanceof Error ? e.message : String(e)}`
  }
  if (ctx.storage.layout) {
    try {
      backend = describeErasure(ctx.storage.kind, await ctx.storage.layout())
    } catch (e) {
      error ||= `drive layout unavailable: ${e instanceof Error ? e.message : String(e)}`
    }
  }
  return {
    status: error === '' ? 'success' : 'error',
    service: 'on',
    address: ctx.admin.address(),
    error,
    storage: { used, backend },
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

/**
 * The erasure fields of `storage.backend` (reference 4.1): drives `ok` count as online, offline,
 * missing and corrupt ones as offline; `sets` splits the drives, in set order, into their sets.
 * @example
 * describeErasure('Erasure', layout).onlineDisks // 6
 */
export function describeErasure(kind: string, layout: ErasureLayout): StorageBackendInfo {
  const online = layout.drives.filter((drive) => drive.state === 'ok').length
  const perSet =
    layout.setCount > 0 ? Math.ceil(layout.drives.length / layout.setCount) : layout.drives.length
  const sets = []
  for (let at = 0; at < layout.drives.length; at += perSet) {
    sets.push(layout.drives.slice(at, at + perSet).map((drive) => ({ ...drive })))
  }
  return {
    backendType: kind,
    onlineDisks: online,
    offlineDisks: layout.drives.length - online,
    standardSCData: layout.standard.data,
    standardSCParity: layout.standard.parity,
    rrSCData: layout.reduced.data,
    rrSCParity: layout.reduced.parity,
    sets,
  }
}
