/**
 * `silo admin heal [--recursive] [--dry-run] [--force-start] ALIAS[/BUCKET[/PREFIX]]`. Heal
 * applies to erasure-coded setups; a single-drive server refuses, and its reason is printed.
 */
import type { Command } from 'commander'
import { runAction } from '../../action.js'
import { UsageError } from '../../errors/cli-error.js'
import { splitRemote } from '../../remote/parse-remote.js'
import { attempt } from './fail.js'

interface HealFlags {
  recursive: boolean
  dryRun: boolean
  forceStart: boolean
}

/**
 * Registers `admin heal`.
 * @example
 * registerAdminHealCommand(admin) // silo admin heal -r local/photos
 */
export function registerAdminHealCommand(admin: Command): void {
  admin
    .command('heal')
    .description('heal disks, missing buckets and objects (erasure-coded setups)')
    .argument('<TARGET>', 'ALIAS, ALIAS/BUCKET or ALIAS/BUCKET/PREFIX')
    .option('-r, --recursive', 'heal recursively', false)
    .option('-n, --dry-run', 'inspect only, change nothing', false)
    .option('-f, --force-start', 'force start a new heal sequence', false)
    .action(
      runAction<HealFlags>(async (ctx, [target], flags) => {
        const { alias, bucket, key } = splitRemote(target!)
        if (!alias) throw new UsageError('admin heal: give ALIAS[/BUCKET[/PREFIX]]')
        const options = {
          ...(bucket ? { bucket } : {}),
          ...(key ? { prefix: key } : {}),
          recursive: flags.recursive,
          dryRun: flags.dryRun,
          forceStart: flags.forceStart,
        }
        const client = await ctx.admin(alias)
        const started = await attempt(`heal "${target}"`, client.heal(options))
        ctx.out.result(
          `Heal of \`${target}\` started at ${started.startTime} (token ${started.clientToken}).`,
          { target, ...started },
        )
      }),
    )
}
