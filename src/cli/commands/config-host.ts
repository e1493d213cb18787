/**
 * `silo config host add|list|remove`: the aliases that name deployments and their keys.
 */
import type { Command } from 'commander'
import { runAction } from '../action.js'
import { assertAliasName } from '../config/alias-name.js'
import { ALIAS_FILE_NAME, saveAliases } from '../config/alias-store.js'
import { parseEndpoint } from '../config/parse-endpoint.js'
import { CliError } from '../errors/cli-error.js'

/**
 * Registers `config host add ALIAS ENDPOINT ACCESS_KEY SECRET_KEY`, `config host list [ALIAS]`
 * and `config host remove ALIAS`.
 * @example
 * registerConfigCommands(program) // silo config host add local http://127.0.0.1:9000 AK SK
 */
export function registerConfigCommands(program: Command): void {
  const config = program.command('config').description('manage the command-line configuration')
  const host = config.command('host').description(`manage aliases (kept in <config dir>/${ALIAS_FILE_NAME})`)

  host
    .command('add')
    .description('add or replace an alias for a deployment')
    .argument('<ALIAS>', 'short name, e.g. local')
    .argument('<ENDPOINT>', 'server URL, scheme://host:port')
    .argument('<ACCESS_KEY>', 'access key')
    .argument('<SECRET_KEY>', 'secret key')
    .action(
      runAction(async (ctx, [alias, url, accessKey, secretKey]) => {
        assertAliasName(alias!)
        const endpoint = parseEndpoint(url!)
        const file = await ctx.aliases()
        file.aliases[alias!] = { url: endpoint.url, accessKey: accessKey!, secretKey: secretKey! }
        await saveAliases(ctx.configDir, file)
        ctx.out.result(`Added \`${alias}\` successfully.`, { alias, url: endpoint.url, accessKey })
      }),
    )

  host
    .command('list')
    .alias('ls')
    .description('list aliases (secret keys are not shown)')
    .argument('[ALIAS]', 'only this alias')
    .action(
      runAction(async (ctx, [only]) => {
        const { aliases } = await ctx.aliases()
        if (only !== undefined) await ctx.alias(only)
        const names = Object.keys(aliases)
          .filter((name) => only === undefined || name === only)
          .sort()
        const width = Math.max(0, ...names.map((name) => name.length))
        for (const name of names) {
          const { url, accessKey } = aliases[name]!
          ctx.out.result(`${ctx.out.colors.cyan(name.padEnd(width))}  ${url}  ${accessKey}`, {
            alias: name,
            url,
            accessKey,
          })
        }
      }),
    )

  host
    .command('remove')
    .alias('rm')
    .description('remove an alias')
    .argument('<ALIAS>', 'alias to remove')
    .action(
      runAction(async (ctx, [alias]) => {
        const file = await ctx.aliases()
        if (!Object.hasOwn(file.aliases, alias!))
          throw new CliError(`unknown alias "${alias}"; nothing removed`)
        delete file.aliases[alias!]
        await saveAliases(ctx.configDir, file)
        ctx.out.result(`Removed \`${alias}\` successfully.`, { alias })
      }),
    )
}
