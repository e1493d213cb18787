/** `silo cat SOURCE...`: write objects (or local files) to standard output, in order. */
import { createReadStream } from 'node:fs'
import { pipeline } from 'node:stream/promises'
import type { Command } from 'commander'
import { runAction } from '../action.js'
import { CliError } from '../errors/cli-error.js'
import { describeError } from '../errors/describe-error.js'
import { isRemotePath, requireObject } from '../remote/parse-remote.js'

/**
 * Registers `cat`.
 * @example
 * registerCatCommand(program) // silo cat local/photos/notes.txt
 */
export function registerCatCommand(program: Command): void {
  program
    .command('cat')
    .description('print objects or local files to standard output')
    .argument('<SOURCE...>', 'ALIAS/BUCKET/KEY or a local file')
    .action(
      runAction(async (ctx, sources) => {
        const aliases = await ctx.aliasNames()
        for (const source of sources) {
          try {
            if (isRemotePath(source, aliases)) {
              const { alias, bucket, key } = requireObject(source, 'cat')
              const stream = await (await ctx.client(alias)).getObject(bucket, key)
              await pipeline(stream, process.stdout, { end: false })
            } else {
              await pipeline(createReadStream(source), process.stdout, { end: false })
            }
          } catch (error) {
            if (error instanceof CliError) throw error
            throw new CliError(`cannot read "${source}": ${describeError(error)}`, { cause: error })
          }
        }
      }),
    )
}
