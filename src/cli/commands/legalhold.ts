/** `silo legalhold set|clear|info ALIAS/BUCKET/KEY [--version-id ID]`: an object's legal hold, as mc's. */
import type { Command } from 'commander'
import { runAction } from '../action.js'
import { CliError } from '../errors/cli-error.js'
import { describeError } from '../errors/describe-error.js'
import { requireObject } from '../remote/parse-remote.js'
import { getObjectLegalHold, setObjectLegalHold, type Target } from '../remote/sdk-pending.js'

interface LegalHoldOptions {
  versionId?: string
}

function targetOf(path: string, command: string, options: LegalHoldOptions) {
  const { alias, bucket, key } = requireObject(path, command)
  const target: Target = { bucket, key, versionId: options.versionId }
  return { alias, target, name: `${alias}/${bucket}/${key}` }
}

function versionField(options: LegalHoldOptions) {
  return options.versionId === undefined ? {} : { versionId: options.versionId }
}

/**
 * Registers `legalhold` and its subcommands.
 * @example
 * registerLegalHoldCommands(program) // silo legalhold set local/records/a.pdf
 */
export function registerLegalHoldCommands(program: Command): void {
  const legalhold = program.command('legalhold').description('set, clear or show the legal hold of an object')
  for (const [name, status, what] of [
    ['set', 'ON', 'hold an object version: it cannot be deleted until the hold is cleared'],
    ['clear', 'OFF', 'release the legal hold of an object version'],
  ] as const) {
    legalhold
      .command(name)
      .description(what)
      .argument('<TARGET>', 'ALIAS/BUCKET/KEY')
      .option('--version-id <ID>', 'this version of the object')
      .action(
        runAction<LegalHoldOptions>(async (ctx, [path = ''], options) => {
          const { alias, target, name: url } = targetOf(path, `legalhold ${name}`, options)
          const client = await ctx.client(alias)
          try {
            await setObjectLegalHold(client, target, status)
          } catch (error) {
            throw new CliError(`cannot ${name} the legal hold of "${url}": ${describeError(error)}`, {
              cause: error,
            })
          }
          const done = status === 'ON' ? 'set' : 'cleared'
          ctx.out.result(`Object legal hold ${done} for \`${url}\`.`, {
            url,
            legalhold: status,
            ...versionField(options),
          })
        }),
      )
  }
  legalhold
    .command('info')
    .description('show whether an object version is under legal hold')
    .argument('<TARGET>', 'ALIAS/BUCKET/KEY')
    .option('--version-id <ID>', 'this version of the object')
    .action(
      runAction<LegalHoldOptions>(async (ctx, [path = ''], options) => {
        const { alias, target, name } = targetOf(path, 'legalhold info', options)
        const client = await ctx.client(alias)
        let status: string
        try {
          status = (await getObjectLegalHold(client, target)).Status
        } catch (error) {
          throw new CliError(`cannot read the legal hold of "${name}": ${describeError(error)}`, {
            cause: error,
          })
        }
        ctx.out.result(`${name}: legal hold ${status}`, {
          url: name,
          legalhold: status,
          ...versionField(options),
        })
      }),
    )
}
