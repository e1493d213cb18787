/**
 * `silo admin service status|restart|stop ALIAS`. Restart and stop are disruptive: requests
 * running on the server get a short drain time and are then cancelled, so both say so first.
 */
import type { Command } from 'commander'
import { runAction } from '../../action.js'
import { CliError, UsageError } from '../../errors/cli-error.js'
import { formatUptime } from '../../output/format-time.js'
import { adminAlias } from '../../remote/parse-remote.js'
import { attempt } from './fail.js'

interface DrainOptions {
  drain: string
}

/**
 * Registers `admin service status|restart|stop`.
 * @example
 * registerAdminServiceCommands(admin) // silo admin service status local
 */
export function registerAdminServiceCommands(admin: Command): void {
  const service = admin.command('service').description('server status, restart and stop')

  service
    .command('status')
    .description("print the server's uptime")
    .argument('<ALIAS>', 'deployment alias')
    .action(
      runAction(async (ctx, [target]) => {
        const alias = adminAlias(target!, 'admin service status')
        const status = await attempt(`get the status of "${alias}"`, (await ctx.admin(alias)).serviceStatus())
        ctx.out.result(`Uptime: ${formatUptime(status.uptime * 1000)}.`, { alias, ...status })
      }),
    )

  service
    .command('restart')
    .description(
      'restart the server in place (disruptive: running requests are cancelled after the drain time)',
    )
    .argument('<ALIAS>', 'deployment alias')
    .option('--drain <SECONDS>', 'how long running requests may take to finish (0-600)', '5')
    .action(
      runAction<DrainOptions>(async (ctx, [target], options) => {
        const alias = adminAlias(target!, 'admin service restart')
        const drainSeconds = parseDrain(options.drain)
        ctx.out.note(disruption('Restarting', alias, drainSeconds))
        const result = await attempt(
          `restart "${alias}"`,
          (await ctx.admin(alias)).serviceRestart({ drainSeconds }),
        )
        // The server is back, but not as configured: say what did not come up and exit 1.
        if (result.status !== 'success') {
          const problems = result.errors.length > 0 ? result.errors.join('; ') : result.status
          throw new CliError(`restarted "${alias}", but not everything came up: ${problems}`)
        }
        ctx.out.result(`Restarted \`${alias}\` successfully.`, { alias, ...result })
      }),
    )

  service
    .command('stop')
    .description('stop the server (disruptive: it stays down until started again)')
    .argument('<ALIAS>', 'deployment alias')
    .option('--drain <SECONDS>', 'how long running requests may take to finish (0-600)', '5')
    .action(
      runAction<DrainOptions>(async (ctx, [target], options) => {
        const alias = adminAlias(target!, 'admin service stop')
        const drainSeconds = parseDrain(options.drain)
        ctx.out.note(disruption('Stopping', alias, drainSeconds))
        await attempt(`stop "${alias}"`, (await ctx.admin(alias)).serviceStop({ drainSeconds }))
        ctx.out.result(`Stopped \`${alias}\` successfully.`, { alias })
      }),
    )
}

function disruption(verb: string, alias: string, seconds: number): string {
  return `${verb} \`${alias}\`: this is disruptive; requests still running after ${seconds} seconds are cancelled.`
}

function parseDrain(text: string): number {
  const seconds = Number(text)
  if (!/^\d+$/.test(text) || seconds > 600)
    throw new UsageError(`--drain: "${text}" must be whole seconds from 0 to 600`)
  return seconds
}
