import type { AdminArgs } from '../admin-args.js'
import { collectServerInfo } from '../server-info.js'

/**
 * `GET /silo/admin/v1/info`: an array with this server's information record, sent chunked as
 * the seed shows.
 */
export async function handleServerInfo({ ctx, res }: AdminArgs): Promise<void> {
  const record = await collectServerInfo(ctx)
  res.writeHead(200, { 'content-type': 'application/json' })
  res.end(JSON.stringify([record]))
}

/** `GET /silo/admin/version`: the admin API versions this server speaks. */
export async function handleAdminVersion({ res }: AdminArgs): Promise<void> {
  const body = JSON.stringify({ version: '1' })
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) })
  res.end(body)
}
