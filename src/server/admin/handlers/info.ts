import type { ServerInfo } from '../../../shared/admin/server-info.js'
import type { AdminArgs } from '../admin-args.js'
import { collectServerInfo } from '../server-info.js'

/**
 * `GET /silo/admin/v1/info`: an array of information records, sent chunked as the seed shows:
 * this server's, then (distributed mode) each other server's, asked over the peer API; a server
 * that does not answer gets a record of its own with `service: 'off'` and why.
 */
export async function handleServerInfo({ ctx, res }: AdminArgs): Promise<void> {
  const peers = ctx.admin.peers
  const [record, ...others] = await Promise.all([
    collectServerInfo(ctx),
    ...(peers?.others() ?? []).map((server) =>
      peers!.info(server).catch((error: unknown) => offlineRecord(server, error)),
    ),
  ])
  res.writeHead(200, { 'content-type': 'application/json' })
  res.end(JSON.stringify([record, ...others]))
}

/** The record of a server that did not answer. */
function offlineRecord(server: string, error: unknown): ServerInfo {
  return {
    status: 'error',
    service: 'off',
    address: new URL(server).host,
    error: (error as Error).message,
    storage: { used: 0, backend: { backendType: 'Erasure' } },
    network: { transferred: 0, received: 0 },
    server: { uptime: 0, version: '', commitID: '', region: '', sqsARN: [] },
  }
}

/** `GET /silo/admin/version`: the admin API versions this server speaks. */
export async function handleAdminVersion({ res }: AdminArgs): Promise<void> {
  const body = JSON.stringify({ version: '1' })
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) })
  res.end(body)
}
