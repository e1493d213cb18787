/**
 * `silo share download|upload ALIAS/BUCKET/KEY [--expire 7d]`: presigned URLs that grant
 * temporary access to one object without credentials.
 */
import type { Command } from 'commander'
import { runAction } from '../action.js'
import { CliError, UsageError } from '../errors/cli-error.js'
import { describeError } from '../errors/describe-error.js'
import { formatUptime } from '../output/format-time.js'
import { parseDuration } from '../output/parse-duration.js'
import { requireObject } from '../remote/parse-remote.js'

interface ShareOptions {
  expire: string
}

const MAX_EXPIRY = 7 * 86_400

/**
 * Registers `share download` and `share upload`.
 * @example
 * registerShareCommands(program) // silo share download --expire 2h local/photos/a.jpg
 */
export function registerShareCommands(program: Command): void {
  const share = program.command('share').description('generate presigned URLs for temporary access')
  for (const kind of ['download', 'upload'] as const) {
    share
      .command(kind)
      .description(
        kind === 'download'
          ? 'a URL that downloads an object (HTTP GET)'
          : 'a URL that uploads an object (HTTP PUT)',
      )
      .argument('<TARGET>', 'ALIAS/BUCKET/KEY')
      .option('-E, --expire <DURATION>', 'how long the URL stays valid, up to 7d (e.g. 7d, 12h, 30m)', '7d')
      .action(
        runAction<ShareOptions>(async (ctx, [target], options) => {
          const expiry = parseDuration(options.expire, '--expire')
          if (expiry < 1 || expiry > MAX_EXPIRY) {
            throw new UsageError(`--expire: "${options.expire}" must be between 1s and 7d`)
          }
          const { alias, bucket, key } = requireObject(target!, `share ${kind}`)
          const client = await ctx.client(alias)
          let url: string
          try {
            url =
              kind === 'download'
                ? await client.presignedGetObject(bucket, key, expiry)
                : await client.presignedPutObject(bucket, key, expiry)
          } catch (error) {
            throw new CliError(`cannot share "${target}": ${describeError(error)}`, { cause: error })
          }
          const share = kind === 'download' ? url : `curl --upload-file <FILE> '${url}'`
          const text = [`URL: ${target}`, `Expire: ${formatUptime(expiry * 1000)}`, `Share: ${share}`]
          ctx.out.result(text.join('\n'), {
            url: target,
            share: url,
            expire: expiry,
            method: kind === 'download' ? 'GET' : 'PUT',
          })
        }),
      )
  }
}
