import { S3ServerError } from '../../errors.js'
import type { AdminArgs } from '../admin-args.js'

/**
 * `POST /silo/admin/v1/heal[/{bucket}[/{prefix...}]]`: heal rebuilds missing or corrupt shards
 * of erasure-coded data. The single-drive backend has no redundancy to heal from, so it answers
 * XSiloHealNotImplemented; the erasure backend will answer here with a heal sequence.
 */
export async function handleHeal({ ctx, params }: AdminArgs): Promise<void> {
  const target = params.target ?? ''
  const where = target === '' ? 'the deployment' : `'${target}'`
  throw new S3ServerError(
    'XSiloHealNotImplemented',
    `Cannot heal ${where}: heal applies only to erasure-coded setups, and this server runs on a single drive (backend ${ctx.storage.kind}).`,
  )
}
