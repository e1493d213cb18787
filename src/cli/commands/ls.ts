/**
 * `silo ls TARGET [--recursive] [--incomplete] [--versions]`: buckets of an alias, or objects under a bucket
 * or prefix, in mc's line format: `[2026-11-22 06:17:43 UTC]  1.2KiB key`. On a terminal in mc's
 * colours: date green, size yellow, file names bold, folders bold cyan.
 */
import type { Command } from 'commander'
import type { Client } from '../../index.js'
import { runAction } from '../action.js'
import type { CliContext } from '../context.js'
import { CliError } from '../errors/cli-error.js'
import { describeError } from '../errors/describe-error.js'
import { createPalette, type Palette } from '../output/colors.js'
import { formatSize } from '../output/format-size.js'
import { formatListDate } from '../output/format-time.js'
import { printable } from '../output/terminal-text.js'
import { listRemote } from '../remote/list-remote.js'
import { splitRemote } from '../remote/parse-remote.js'
import { listVersions } from './ls-versions.js'

interface LsOptions {
  recursive: boolean
  incomplete: boolean
  versions: boolean
}

// Width of `[2026-11-22 06:17:43 UTC]`, so prefixes (which have no date) line up.
const NO_DATE = ' '.repeat(25)

/**
 * How a listing line is shown: the palette (off by default), whether the name is a folder, and
 * whether it goes to a terminal (control characters in the name then print as `?`).
 */
export interface EntryStyle {
  colors?: Palette
  folder?: boolean
  terminal?: boolean
}

const PLAIN = createPalette(false)

/**
 * One listing line.
 * @example
 * formatEntry(new Date('2026-11-22T06:17:43Z'), 1234, 'a.txt') // '[2026-11-22 06:17:43 UTC]  1.2KiB a.txt'
 */
export function formatEntry(
  date: Date | undefined,
  size: number,
  name: string,
  style: EntryStyle = {},
): string {
  const c = style.colors ?? PLAIN
  const when = date ? c.green(`[${formatListDate(date)}]`) : NO_DATE
  // A key may hold escape sequences: on a terminal they would run, not print. Pipes get the key as is.
  const text = style.terminal ? printable(name) : name
  const shown = style.folder ? c.bold(c.cyan(text)) : c.bold(text)
  return `${when} ${c.yellow(formatSize(size).padStart(7))} ${shown}`
}

function styleFor(ctx: CliContext, folder: boolean): EntryStyle {
  return { colors: ctx.out.colors, folder, terminal: process.stdout.isTTY === true }
}

/**
 * Registers `ls`.
 * @example
 * registerLsCommand(program) // silo ls --recursive local/photos
 */
export function registerLsCommand(program: Command): void {
  program
    .command('ls')
    .description('list buckets, or objects under a bucket or prefix')
    .argument('<TARGET...>', 'ALIAS, ALIAS/BUCKET or ALIAS/BUCKET/PREFIX')
    .option('-r, --recursive', 'list every object under the prefix, not one folder level', false)
    .option('-I, --incomplete', 'list incomplete multipart uploads', false)
    .option('--versions', 'list every version and delete marker, with its version ID', false)
    .action(
      runAction<LsOptions>(async (ctx, targets, options) => {
        for (const target of targets) {
          const { alias, bucket, key } = splitRemote(target)
          const client = await ctx.client(alias)
          try {
            if (!bucket) await listBuckets(ctx, client)
            else if (options.versions) await listVersions(ctx, client, bucket, key, options.recursive)
            else if (options.incomplete) await listIncomplete(ctx, client, bucket, key, options.recursive)
            else await listObjects(ctx, client, bucket, key, options.recursive)
          } catch (error) {
            throw new CliError(`cannot list "${target}": ${describeError(error)}`, { cause: error })
          }
        }
      }),
    )
}

async function listBuckets(ctx: CliContext, client: Client): Promise<void> {
  for (const { name, creationDate } of await client.listBuckets()) {
    ctx.out.result(formatEntry(creationDate, 0, `${name}/`, styleFor(ctx, true)), {
      type: 'folder',
      lastModified: creationDate.toISOString(),
      size: 0,
      key: `${name}/`,
    })
  }
}

async function listObjects(
  ctx: CliContext,
  client: Client,
  bucket: string,
  prefix: string,
  recursive: boolean,
) {
  // Names are shown relative to the folder being listed, as mc does.
  const folder = prefix.slice(0, prefix.lastIndexOf('/') + 1)
  for await (const entry of listRemote(client, bucket, prefix, recursive)) {
    const name = entry.key.slice(folder.length)
    ctx.out.result(formatEntry(entry.lastModified, entry.size, name, styleFor(ctx, entry.isPrefix)), {
      type: entry.isPrefix ? 'folder' : 'file',
      ...(entry.lastModified ? { lastModified: entry.lastModified.toISOString() } : {}),
      size: entry.size,
      key: name,
      ...(entry.isPrefix ? {} : { etag: entry.etag }),
    })
  }
}

async function listIncomplete(
  ctx: CliContext,
  client: Client,
  bucket: string,
  prefix: string,
  recursive: boolean,
) {
  const folder = prefix.slice(0, prefix.lastIndexOf('/') + 1)
  for await (const upload of client.listIncompleteUploads(bucket, prefix, recursive)) {
    if (upload.key === undefined) {
      const name = upload.prefix.slice(folder.length)
      ctx.out.result(formatEntry(undefined, 0, name, styleFor(ctx, true)), {
        type: 'folder',
        size: 0,
        key: name,
      })
      continue
    }
    const name = upload.key.slice(folder.length)
    ctx.out.result(formatEntry(upload.initiated, upload.size, name, styleFor(ctx, false)), {
      type: 'file',
      lastModified: upload.initiated.toISOString(),
      size: upload.size,
      key: name,
      uploadId: upload.uploadId,
    })
  }
}
