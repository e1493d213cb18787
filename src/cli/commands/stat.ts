/** `silo stat TARGET...`: an object's size, date, ETag and metadata, or a bucket's date. */
import type { Command } from 'commander'
import type { Client } from '../../index.js'
import { runAction } from '../action.js'
import type { CliContext } from '../context.js'
import { CliError } from '../errors/cli-error.js'
import { describeError } from '../errors/describe-error.js'
import { formatSize } from '../output/format-size.js'
import { formatListDate } from '../output/format-time.js'
import { requireBucket } from '../remote/parse-remote.js'

/**
 * Registers `stat`.
 * @example
 * registerStatCommand(program) // silo stat local/photos/a.jpg
 */
export function registerStatCommand(program: Command): void {
  program
    .command('stat')
    .description('show object metadata (or bucket creation date)')
    .argument('<TARGET...>', 'ALIAS/BUCKET/KEY or ALIAS/BUCKET')
    .action(
      runAction(async (ctx, targets) => {
        for (const target of targets) {
          const { alias, bucket, key } = requireBucket(target, 'stat')
          const client = await ctx.client(alias)
          try {
            if (key) await statObject(ctx, client, bucket, key)
            else await statBucket(ctx, client, bucket)
          } catch (error) {
            if (error instanceof CliError) throw error
            throw new CliError(`cannot stat "${target}": ${describeError(error)}`, { cause: error })
          }
        }
      }),
    )
}

async function statObject(ctx: CliContext, client: Client, bucket: string, key: string): Promise<void> {
  const stat = await client.statObject(bucket, key)
  const lines = [
    `Name      : ${ctx.out.name(key)}`,
    `Date      : ${formatListDate(stat.lastModified)}`,
    `Size      : ${formatSize(stat.size, { spaced: true })}`,
    `ETag      : ${stat.etag}`,
    'Type      : file',
    'Metadata  :',
    ...Object.entries(stat.metaData).map(([name, value]) => ctx.out.name(`  ${name}: ${value}`)),
  ]
  ctx.out.result(lines.join('\n'), {
    name: key,
    lastModified: stat.lastModified.toISOString(),
    size: stat.size,
    etag: stat.etag,
    type: 'file',
    metadata: stat.metaData,
  })
}

async function statBucket(ctx: CliContext, client: Client, bucket: string): Promise<void> {
  const found = (await client.listBuckets()).find((item) => item.name === bucket)
  if (!found) throw new CliError(`cannot stat bucket "${bucket}": it does not exist`)
  const lines = [
    `Name      : ${bucket}/`,
    `Date      : ${formatListDate(found.creationDate)}`,
    'Type      : folder',
  ]
  ctx.out.result(lines.join('\n'), {
    name: `${bucket}/`,
    lastModified: found.creationDate.toISOString(),
    type: 'folder',
  })
}
