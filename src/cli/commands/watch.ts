/**
 * `silo watch ALIAS/BUCKET[/PREFIX] [--events put,delete,get] [--suffix S]`: prints bucket
 * events as they happen (one line each, or the event record with `--json`) until interrupted.
 */
import type { Command } from 'commander'
import { runAction } from '../action.js'
import { CliError } from '../errors/cli-error.js'
import { describeError } from '../errors/describe-error.js'
import { formatSize } from '../output/format-size.js'
import { expandEvents } from '../remote/event-names.js'
import { requireBucket } from '../remote/parse-remote.js'

interface WatchOptions {
  events: string
  prefix?: string
  suffix?: string
}

/** The parts of an event record the text line shows. */
interface EventRecord {
  eventTime?: string
  eventName?: string
  s3?: { bucket?: { name?: string }; object?: { key?: string; size?: number } }
}

/**
 * The text line of one event: `[time] size event alias/bucket/key`.
 * @example
 * formatEvent('local', record) // '[2026-11-22T06:17:43Z]  1.2KiB s3:ObjectCreated:Put local/photos/a.jpg'
 */
export function formatEvent(alias: string, record: EventRecord): string {
  const key = decodeURIComponent((record.s3?.object?.key ?? '').replace(/\+/g, ' '))
  const size = formatSize(record.s3?.object?.size ?? 0).padStart(7)
  return `[${record.eventTime ?? ''}] ${size} ${record.eventName ?? ''} ${alias}/${record.s3?.bucket?.name ?? ''}/${key}`
}

/**
 * Registers `watch`.
 * @example
 * registerWatchCommand(program) // silo watch --events put --suffix .jpg local/photos
 */
export function registerWatchCommand(program: Command): void {
  program
    .command('watch')
    .description('print bucket events as they happen (Ctrl-C to stop)')
    .argument('<TARGET>', 'ALIAS/BUCKET or ALIAS/BUCKET/PREFIX')
    .option('--events <LIST>', 'comma-separated: put, delete, get', 'put,delete,get')
    .option('--prefix <PREFIX>', 'only keys starting with PREFIX (or give it in TARGET)')
    .option('--suffix <SUFFIX>', 'only keys ending with SUFFIX')
    .action(
      runAction<WatchOptions>(async (ctx, [target], options) => {
        const { alias, bucket, key } = requireBucket(target!, 'watch')
        const events = expandEvents(options.events, '--events')
        const client = await ctx.client(alias)
        const exists = await client.bucketExists(bucket).catch((error: unknown) => {
          throw new CliError(`cannot watch "${target}": ${describeError(error)}`, { cause: error })
        })
        if (!exists) throw new CliError(`cannot watch "${target}": bucket "${bucket}" does not exist`)
        const listener = client.listenBucketNotification(
          bucket,
          options.prefix ?? key,
          options.suffix ?? '',
          events,
        )
        await new Promise<void>((resolve, reject) => {
          const stop = () => {
            listener.stop()
            resolve()
          }
          process.once('SIGINT', stop)
          process.once('SIGTERM', stop)
          listener.on('notification', (record: EventRecord) =>
            ctx.out.result(ctx.out.name(formatEvent(alias, record)), { ...record }),
          )
          listener.on('error', (error: unknown) => {
            const status = (error as { statusCode?: number }).statusCode ?? 0
            if (status >= 400 && status < 500) {
              listener.stop()
              reject(new CliError(`cannot watch "${target}": ${describeError(error)}`, { cause: error }))
            } else {
              ctx.out.note(`silo: watch: ${describeError(error)}; reconnecting`)
            }
          })
        })
      }),
    )
}
