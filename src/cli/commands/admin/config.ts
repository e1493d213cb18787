/**
 * `silo admin config get ALIAS` (the server configuration JSON to standard output) and
 * `silo admin config set ALIAS` (a configuration JSON from standard input). A new
 * configuration takes effect on `silo admin service restart ALIAS`.
 */
import type { Command } from 'commander'
import { runAction } from '../../action.js'
import { CliError } from '../../errors/cli-error.js'
import { adminAlias } from '../../remote/parse-remote.js'
import { attempt } from './fail.js'

/**
 * Registers `admin config get|set`.
 * @example
 * registerAdminConfigCommands(admin) // silo admin config get local > config.json
 */
export function registerAdminConfigCommands(admin: Command): void {
  const config = admin.command('config').description('download or replace the server configuration')

  config
    .command('get')
    .description('write the server configuration JSON to standard output')
    .argument('<ALIAS>', 'deployment alias')
    .action(
      runAction(async (ctx, [target]) => {
        const alias = adminAlias(target!, 'admin config get')
        const document = await attempt(
          `get the configuration of "${alias}"`,
          (await ctx.admin(alias)).getConfig(),
        )
        // The document itself is the output, also with --json (one line then).
        process.stdout.write(
          `${ctx.globals.json ? JSON.stringify(document) : JSON.stringify(document, null, 2)}\n`,
        )
      }),
    )

  config
    .command('set')
    .description('replace the server configuration with JSON read from standard input')
    .argument('<ALIAS>', 'deployment alias')
    .action(
      runAction(async (ctx, [target]) => {
        const alias = adminAlias(target!, 'admin config set')
        const text = await readStdin()
        if (text.trim() === '')
          throw new CliError('admin config set: standard input is empty; pipe the configuration JSON in')
        try {
          JSON.parse(text)
        } catch (error) {
          throw new CliError(
            `admin config set: standard input is not valid JSON: ${(error as Error).message}`,
          )
        }
        await attempt(`set the configuration of "${alias}"`, (await ctx.admin(alias)).setConfig(text))
        ctx.out.result(
          `Setting new configuration of \`${alias}\` succeeded.\nRestart the server to apply it: silo admin service restart ${alias}`,
          { alias },
        )
      }),
    )
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}
