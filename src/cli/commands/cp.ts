/**
 * `silo cp SOURCE... TARGET [--recursive]`: copy between local files and objects, or between
 * objects (server-side on one alias). Progress bar on a terminal; one line per copy otherwise.
 */
import type { Command } from 'commander'
import { runAction } from '../action.js'
import type { CliContext } from '../context.js'
import { CliError } from '../errors/cli-error.js'
import { describeError } from '../errors/describe-error.js'
import { ProgressBar, wantsProgress } from '../output/progress-bar.js'
import { copyOne } from '../transfer/copy-one.js'
import { type EncryptionKeys, NO_ENCRYPTION, parseEncryptionFlags } from '../transfer/encryption-keys.js'
import { showLocation } from '../transfer/location.js'
import { type CopyJob, planCopy } from '../transfer/plan-copy.js'

interface CpOptions {
  recursive: boolean
  encS3?: string[]
  encC?: string[]
}

const collect = (value: string, previous: string[] = []) => [...previous, value]

/**
 * Registers `cp`.
 * @example
 * registerCpCommand(program) // silo cp --recursive ./photos local/backup/
 */
export function registerCpCommand(program: Command): void {
  program
    .command('cp')
    .description('copy files and objects')
    .usage('[options] SOURCE... TARGET')
    .argument('<PATH...>', 'sources (local paths or ALIAS/BUCKET/KEY), then the target')
    .option('-r, --recursive', 'copy folders and prefixes recursively', false)
    .option(
      '--enc-s3 <PATHS>',
      'write objects under ALIAS/BUCKET[/PREFIX] with SSE-S3 (comma-separated, repeatable)',
      collect,
    )
    .option(
      '--enc-c <PATH=KEY>',
      'read and write objects under ALIAS/BUCKET[/PREFIX] with this SSE-C key (base64 of 32 bytes; comma-separated, repeatable)',
      collect,
    )
    .action(
      runAction<CpOptions>(async (ctx, args, options) => {
        if (args.length < 2) throw new CliError('cp: give at least one SOURCE and a TARGET', { exitCode: 2 })
        const target = args.at(-1)!
        const keys = parseEncryptionFlags(options.encS3, options.encC)
        const jobs = await planCopy(ctx, args.slice(0, -1), target, options.recursive, keys)
        await runCopies(ctx, jobs, 'copy', keys)
      }),
    )
}

/**
 * Runs copy jobs in order with a progress bar or per-copy lines; stops at the first failure.
 * `keys`: the objects to encrypt or decrypt (`--enc-s3`, `--enc-c`).
 * @example
 * await runCopies(ctx, jobs, 'copy')
 */
export async function runCopies(
  ctx: CliContext,
  jobs: CopyJob[],
  verb: string,
  keys: EncryptionKeys = NO_ENCRYPTION,
): Promise<void> {
  const showBar = wantsProgress(process.stdout, ctx.globals)
  const bar = showBar ? new ProgressBar(process.stdout, sum(jobs)) : undefined
  for (const job of jobs) {
    const from = showLocation(job.from)
    const to = showLocation(job.to)
    bar?.label(from)
    try {
      await copyOne(ctx, job, (bytes) => bar?.add(bytes), keys)
    } catch (error) {
      bar?.finish()
      throw new CliError(`cannot ${verb} "${from}" to "${to}": ${describeError(error)}`, { cause: error })
    }
    if (!bar)
      ctx.out.result(`\`${ctx.out.name(from)}\` -> \`${ctx.out.name(to)}\``, {
        source: from,
        target: to,
        size: job.size,
      })
  }
  bar?.finish()
}

function sum(jobs: CopyJob[]): number {
  return jobs.reduce((total, job) => total + job.size, 0)
}
