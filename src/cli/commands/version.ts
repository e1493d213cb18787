/** `silo version enable|suspend|info ALIAS/BUCKET`: a bucket's versioning state, as mc's. */
import type { Command } from 'commander'
import { runAction } from '../action.js'
import { CliError } from '../errors/cli-error.js'
import { describeError } from '../errors/describe-error.js'
import { requireBucket } from '../remote/parse-remote.js'
import { getBucketVersioning, setBucketVersioning } from '../remote/sdk-pending.js'

/**
 * Registers `version` and its subcommands.
 * @example
 * registerVersionCommands(program) // silo version enable local/photos
 */
export function registerVersionCommands(program: Command): void {
  const version = program.command('version').description('enable, suspend or show the versioning of a bucket')
  for (const [name, status, what] of [
    ['enable', 'Enabled', 'enable versioning: every write keeps the previous version'],
    [
      'suspend',
      'Suspended',
      'suspend versioning: existing versions are kept, new writes replace the null version',
    ],
  ] as const) {
    version
      .command(name)
      .description(what)
      .argument('<TARGET>', 'ALIAS/BUCKET')
      .action(
        runAction(async (ctx, [target = '']) => {
          const { alias, bucket } = bucketOnly(target, `version ${name}`)
          const client = await ctx.client(alias)
          try {
            await setBucketVersioning(client, bucket, { Status: status })
          } catch (error) {
            throw new CliError(`cannot ${name} versioning of "${alias}/${bucket}": ${describeError(error)}`, {
              cause: error,
            })
          }
          ctx.out.result(`${alias}/${bucket} versioning is ${status.toLowerCase()}`, {
            bucket: `${alias}/${bucket}`,
            versioning: status,
          })
        }),
      )
  }
  version
    .command('info')
    .description('show whether versioning is enabled, suspended or was never set')
    .argument('<TARGET>', 'ALIAS/BUCKET')
    .action(
      runAction(async (ctx, [target = '']) => {
        const { alias, bucket } = bucketOnly(target, 'version info')
        const client = await ctx.client(alias)
        let status: string
        try {
          status = (await getBucketVersioning(client, bucket)).Status ?? ''
        } catch (error) {
          throw new CliError(`cannot read versioning of "${alias}/${bucket}": ${describeError(error)}`, {
            cause: error,
          })
        }
        const name = `${alias}/${bucket}`
        ctx.out.result(status ? `${name} versioning is ${status.toLowerCase()}` : `${name} is un-versioned`, {
          bucket: name,
          versioning: status,
        })
      }),
    )
}

function bucketOnly(target: string, command: string) {
  const parsed = requireBucket(target, command)
  if (parsed.key)
    throw new CliError(`${command}: "${target}" names an object; give ALIAS/BUCKET`, { exitCode: 2 })
  return parsed
}
