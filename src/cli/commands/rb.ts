/** `silo rb ALIAS/BUCKET... [--force]`: remove buckets, with `--force` their contents first. */
import type { Command } from 'commander'
import type { Client } from '../../index.js'
import { runAction } from '../action.js'
import type { CliContext } from '../context.js'
import { CliError, UsageError } from '../errors/cli-error.js'
import { describeError } from '../errors/describe-error.js'
import { requireBucket } from '../remote/parse-remote.js'
import { removePrefix } from './rm.js'

interface RbOptions {
  force: boolean
}

/**
 * Registers `rb`.
 * @example
 * registerRbCommand(program) // silo rb --force local/scratch
 */
export function registerRbCommand(program: Command): void {
  program
    .command('rb')
    .description('remove buckets')
    .argument('<TARGET...>', 'ALIAS/BUCKET to remove')
    .option('--force', 'remove the objects and incomplete uploads in the bucket first', false)
    .action(
      runAction<RbOptions>(async (ctx, targets, options) => {
        for (const target of targets) {
          const { alias, bucket, key } = requireBucket(target, 'rb')
          if (key) throw new UsageError(`rb: "${target}" is not a bucket; use rm to remove objects`)
          const client = await ctx.client(alias)
          const name = `${alias}/${bucket}`
          try {
            if (options.force) await emptyBucket(ctx, client, alias, bucket)
            await client.removeBucket(bucket)
          } catch (error) {
            if (error instanceof CliError) throw error
            const code = (error as { code?: string }).code
            const hint = code === 'BucketNotEmpty' ? '; add --force to remove its contents first' : ''
            throw new CliError(`cannot remove bucket "${name}": ${describeError(error)}${hint}`, {
              cause: error,
            })
          }
          ctx.out.result(`Removed \`${name}\` successfully.`, { bucket: name })
        }
      }),
    )
}

async function emptyBucket(ctx: CliContext, client: Client, alias: string, bucket: string): Promise<void> {
  await removePrefix(ctx, client, alias, bucket, '')
  const keys = new Set<string>()
  for await (const upload of client.listIncompleteUploads(bucket, '', true)) {
    if (upload.key !== undefined) keys.add(upload.key)
  }
  for (const key of keys) await client.removeIncompleteUpload(bucket, key)
}
