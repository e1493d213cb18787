/**
 * `silo admin heal [--recursive] [--dry-run] [--force-start] ALIAS[/BUCKET[/PREFIX]]`: starts a
 * heal sequence (or re-attaches to the one running there), polls it every half second and prints
 * each result item as it arrives, then a summary. On a terminal a line shows the progress while
 * it runs. Heal applies to erasure-coded setups; a single-drive server refuses, and its reason is
 * printed.
 */
import type { Command } from 'commander'
import type { AdminClient, HealStatus } from '../../../index.js'
import { runAction } from '../../action.js'
import type { CliContext } from '../../context.js'
import { CliError, UsageError } from '../../errors/cli-error.js'
import { wantsProgress } from '../../output/progress-bar.js'
import { splitRemote } from '../../remote/parse-remote.js'
import { attempt } from './fail.js'
import { createHealTally, formatHealItem, formatHealSummary, tallyHealItem } from './heal-format.js'

interface HealFlags {
  recursive: boolean
  dryRun: boolean
  forceStart: boolean
}

/**
 * Time between polls (mc polls every second; half a second keeps the progress line live). The
 * first polls come sooner, so a small heal does not wait out a whole interval.
 */
const POLL_MS = 500
const FIRST_POLL_MS = 50

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
        const where = { ...(bucket ? { bucket } : {}), ...(key ? { prefix: key } : {}) }
        const client = await ctx.admin(alias)
        const started = await attempt(
          `heal "${target}"`,
          client.heal({
            ...where,
            recursive: flags.recursive,
            dryRun: flags.dryRun,
            forceStart: flags.forceStart,
          }),
        )
        await followHeal(ctx, client, { ...where, clientToken: started.clientToken }, target!)
      }),
    )
}

/** Polls the sequence to its end, printing items, progress and the summary. */
async function followHeal(
  ctx: CliContext,
  client: AdminClient,
  sequence: { bucket?: string; prefix?: string; clientToken: string },
  target: string,
): Promise<void> {
  const { colors } = ctx.out
  const began = Date.now()
  const tally = createHealTally()
  const progress = new ProgressLine(ctx)
  let wait = FIRST_POLL_MS
  let status: HealStatus
  for (;;) {
    status = await attempt(`follow the heal of "${target}"`, client.healStatus(sequence)).catch((error) => {
      progress.clear()
      throw error
    })
    const { dryRun } = status.settings
    for (const item of status.items) {
      const outcome = tallyHealItem(tally, item, dryRun)
      progress.clear()
      ctx.out.result(formatHealItem(item, colors), { ...item, outcome })
    }
    if (status.summary !== 'running') break
    progress.show(`Healing ${target}: ${tally.items} items, ${formatSeconds(began)}`)
    // A full page of items means more are waiting: fetch them at once.
    if (status.items.length < 1000) {
      await new Promise((resolve) => setTimeout(resolve, wait))
      wait = Math.min(POLL_MS, wait * 2)
    }
  }
  progress.clear()
  const seconds = (Date.now() - began) / 1000
  const { dryRun } = status.settings
  ctx.out.result(formatHealSummary(tally, { dryRun, seconds }, colors), {
    summary: status.summary,
    ...(status.detail === '' ? {} : { detail: status.detail }),
    dryRun,
    seconds,
    ...tally,
  })
  if (status.summary === 'stopped') {
    throw new CliError(`heal of "${target}" stopped: ${status.detail || 'stopped on the server'}`)
  }
  if (tally.failed > 0) {
    const some = `${tally.failed} item${tally.failed === 1 ? '' : 's'}`
    throw new CliError(
      `heal of "${target}": ${some} could not be ${dryRun ? 'healed as things are' : 'healed'} (see the drives above)`,
    )
  }
}

function formatSeconds(since: number): string {
  return `${((Date.now() - since) / 1000).toFixed(1)} s`
}

/** One status line redrawn in place, on a terminal only (not with --json or --quiet). */
class ProgressLine {
  #stream: NodeJS.WriteStream
  #on: boolean
  #shown = false

  constructor(ctx: CliContext) {
    this.#stream = process.stdout
    this.#on = wantsProgress(this.#stream, ctx.globals)
  }

  show(text: string): void {
    if (!this.#on) return
    const width = Math.max(20, (this.#stream.columns || 80) - 1)
    this.#stream.write(`\r\x1b[K${text.slice(0, width)}`)
    this.#shown = true
  }

  clear(): void {
    if (!this.#shown) return
    this.#stream.write('\r\x1b[K')
    this.#shown = false
  }
}
