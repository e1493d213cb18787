/**
 * Copies one file or object: upload (putObject from a file stream), download (getObject into a
 * temporary file renamed into place), or remote to remote (copyObject on the same alias, a
 * streamed get-and-put between aliases). Bytes are counted for the progress bar as they move.
 */
import { createReadStream } from 'node:fs'
import type { CliContext } from '../context.js'
import { countBytes } from './count-bytes.js'
import type { CopyJob } from './plan-copy.js'
import { writeFileAtomically } from './write-file-atomically.js'

/**
 * Runs one copy job; `onBytes` hears every transferred chunk's size.
 * @example
 * await copyOne(ctx, job, (n) => bar.add(n))
 */
export async function copyOne(
  ctx: CliContext,
  job: CopyJob,
  onBytes: (bytes: number) => void,
): Promise<void> {
  const { from, to } = job
  if (from.kind === 'local' && to.kind === 'remote') {
    const client = await ctx.client(to.alias)
    await client.putObject(to.bucket, to.key, countBytes(createReadStream(from.path), onBytes), job.size)
    return
  }
  if (from.kind === 'remote' && to.kind === 'local') {
    const client = await ctx.client(from.alias)
    const body = await client.getObject(from.bucket, from.key)
    await writeFileAtomically(to.path, countBytes(body, onBytes))
    return
  }
  if (from.kind === 'remote' && to.kind === 'remote') {
    const source = await ctx.client(from.alias)
    const target = await ctx.client(to.alias)
    if (from.alias === to.alias) {
      await target.copyObject(to.bucket, to.key, `/${from.bucket}/${from.key}`)
      onBytes(job.size)
      return
    }
    const body = await source.getObject(from.bucket, from.key)
    await target.putObject(to.bucket, to.key, countBytes(body, onBytes), job.size)
    return
  }
  throw new Error('local to local copies are not supported')
}
