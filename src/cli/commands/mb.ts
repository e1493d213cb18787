/** `silo mb ALIAS/BUCKET... [--region R] [--ignore-existing] [--with-lock] [--with-versioning]`: make buckets. */
import type { Command } from 'commander'
import { runAction } from '../action.js'
import { CliError } from '../errors/cli-error.js'
import { describeError } from '../errors/describe-error.js'
import { requireBucket } from '../remote/parse-remote.js'
import { setBucketVersioning } from '../remote/sdk-pending.js'

interface MbOptions {
  region?: string
  ignoreExisting: boolean
  withLock: boolean
  withVersioning: boolean
}

const EXISTS = new Set(['BucketAlreadyOwnedByYou', 'BucketAlreadyExists'])

/**
 * Registers `mb`.
 * @example
 * registerMbCommand(program) // silo mb local/photos --region eu-west-1
 */
export function registerMbCommand(program: Command): void {
  program
    .command('mb')
    .description('make buckets')
    .argument('<TARGET...>', 'ALIAS/BUCKET to create')
    // A Silo (or MinIO) server with no region configured takes any; one with a region keeps its
    // buckets there and refuses another with IllegalLocationConstraintException naming both.
    .option(
      '--region <REGION>',
      "region to create the bucket in (default: us-east-1, or the server's when it has one configured)",
    )
    .option('-p, --ignore-existing', 'succeed when the bucket already exists', false)
    .option('-l, --with-lock', 'enable object locking (and so versioning) on the new bucket', false)
    .option('--with-versioning', 'enable versioning on the new bucket', false)
    .action(
      runAction<MbOptions>(async (ctx, targets, options) => {
        for (const target of targets) {
          const { alias, bucket, key } = requireBucket(target, 'mb')
          if (key) throw new CliError(`cannot make bucket "${target}": a bucket name cannot contain "/"`)
          const client = await ctx.client(alias)
          const name = `${alias}/${bucket}`
          try {
            await client.makeBucket(bucket, options.region ?? '', { ObjectLocking: options.withLock })
            if (options.withVersioning && !options.withLock) {
              await setBucketVersioning(client, bucket, { Status: 'Enabled' })
            }
            ctx.out.result(`Bucket created successfully \`${name}\`.`, {
              bucket: name,
              region: options.region ?? '',
              ...(options.withLock ? { objectLock: true } : {}),
              ...(options.withLock || options.withVersioning ? { versioning: 'Enabled' } : {}),
            })
          } catch (error) {
            const code = (error as { code?: string }).code ?? ''
            if (!(options.ignoreExisting && EXISTS.has(code))) {
              throw new CliError(`cannot make bucket "${name}": ${describeError(error)}`, { cause: error })
            }
            ctx.out.result(`Bucket \`${name}\` already exists.`, { bucket: name, existed: true })
          }
        }
      }),
    )
}
