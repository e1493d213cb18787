/**
 * `silo mirror SOURCE TARGET [--remove] [--dry-run]`: one-way sync of a local folder or remote
 * prefix into another. A file is copied when the target lacks it, its size differs, or (where
 * both sides have an MD5: local files and single-part ETags) its content differs; see
 * `transfer/needs-copy.ts`. `--remove` deletes target files the source does not have. A summary
 * line goes to stderr (also after `--dry-run`, saying what would change).
 */
import { rm } from 'node:fs/promises'
import type { Command } from 'commander'
import { runAction } from '../action.js'
import type { CliContext } from '../context.js'
import { UsageError } from '../errors/cli-error.js'
import { formatSize } from '../output/format-size.js'
import { type Location, showLocation, toLocation } from '../transfer/location.js'
import { needsCopy } from '../transfer/needs-copy.js'
import type { CopyJob } from '../transfer/plan-copy.js'
import { folderOf, readTree, type TreeEntry } from '../transfer/tree.js'
import { runCopies } from './cp.js'

interface MirrorOptions {
  remove: boolean
  dryRun: boolean
}

/**
 * Registers `mirror`.
 * @example
 * registerMirrorCommand(program) // silo mirror ./site local/www
 */
export function registerMirrorCommand(program: Command): void {
  program
    .command('mirror')
    .description('make TARGET hold what SOURCE holds (copies new and changed files)')
    .argument('<SOURCE>', 'local folder or ALIAS/BUCKET[/PREFIX]')
    .argument('<TARGET>', 'local folder or ALIAS/BUCKET[/PREFIX]')
    .option('--remove', 'also remove files in TARGET that SOURCE does not have', false)
    .option('-n, --dry-run', 'print what would change, change nothing', false)
    .action(
      runAction<MirrorOptions>(async (ctx, [sourcePath, targetPath], options) => {
        const aliases = await ctx.aliasNames()
        const source = toLocation(sourcePath!, aliases)
        const target = toLocation(targetPath!, aliases)
        if (source.kind === 'local' && target.kind === 'local') {
          throw new UsageError('mirror: SOURCE and TARGET are both local; one must be ALIAS/BUCKET[/PREFIX]')
        }
        for (const side of [source, target]) {
          if (side.kind === 'remote' && !side.bucket)
            throw new UsageError(`mirror: "${showLocation(side)}" names no bucket`)
        }
        const sourceTree = await readTree(ctx, source)
        const targetTree = await readTree(ctx, target)
        const jobs: CopyJob[] = []
        for (const [name, entry] of sourceTree) {
          if (await needsCopy(entry, targetTree.get(name)))
            jobs.push({ from: entry.location, to: inside(target, name), size: entry.size })
        }
        const extra = options.remove ? [...targetTree].filter(([name]) => !sourceTree.has(name)) : []
        if (options.dryRun) {
          for (const job of jobs) {
            const [source, target] = [showLocation(job.from), showLocation(job.to)]
            ctx.out.result(`would copy \`${ctx.out.name(source)}\` -> \`${ctx.out.name(target)}\``, {
              source,
              target,
              size: job.size,
              dryRun: true,
            })
          }
          for (const [, entry] of extra) {
            const removed = showLocation(entry.location)
            ctx.out.result(`would remove \`${ctx.out.name(removed)}\``, { removed, dryRun: true })
          }
          const unchanged = sourceTree.size - jobs.length
          ctx.out.note(
            `mirror --dry-run: would copy ${countFiles(jobs)}, would remove ${countFiles(extra.map(([, entry]) => entry))}, ${unchanged} unchanged; nothing changed`,
          )
          return
        }
        await runCopies(ctx, jobs, 'mirror')
        await removeExtra(
          ctx,
          extra.map(([, entry]) => entry),
        )
        ctx.out.note(
          `mirror: ${jobs.length} copied, ${sourceTree.size - jobs.length} unchanged, ${extra.length} removed`,
        )
      }),
    )
}

/**
 * How many files and bytes: `2 files (17B)`.
 * @example
 * countFiles([{ size: 3 }]) // '1 file (3B)'
 */
export function countFiles(files: { size: number }[]): string {
  const bytes = files.reduce((total, file) => total + file.size, 0)
  return `${files.length} file${files.length === 1 ? '' : 's'} (${formatSize(bytes)})`
}

function inside(root: Location, name: string): Location {
  if (root.kind === 'local') return { kind: 'local', path: `${root.path.replace(/\/+$/, '')}/${name}` }
  return { ...root, key: `${folderOf(root.key)}${name}` }
}

async function removeExtra(ctx: CliContext, entries: TreeEntry[]): Promise<void> {
  for (const { location } of entries) {
    if (location.kind === 'local') await rm(location.path)
    else await (await ctx.client(location.alias)).removeObject(location.bucket, location.key)
    const removed = showLocation(location)
    ctx.out.result(`Removed \`${ctx.out.name(removed)}\`.`, { removed })
  }
}
