/**
 * `silo rm TARGET... [--recursive --force] [--incomplete] [--version-id ID | --versions] [--bypass]`:
 * remove objects, every object under a prefix, one version, every version, or incomplete
 * multipart uploads.
 */
import type { Command } from 'commander'
import type { Client } from '../../index.js'
import { runAction } from '../action.js'
import type { CliContext } from '../context.js'
import { CliError, UsageError } from '../errors/cli-error.js'
import { describeError } from '../errors/describe-error.js'
import { listRemote } from '../remote/list-remote.js'
import { requireBucket } from '../remote/parse-remote.js'
import { removeVersionOf, removeVersions } from './rm-versions.js'

interface RmOptions {
  recursive: boolean
  force: boolean
  incomplete: boolean
  versionId?: string
  versions: boolean
  bypass: boolean
}

/**
 * Registers `rm`.
 * @example
 * registerRmCommand(program) // silo rm --recursive --force local/photos/2019/
 */
export function registerRmCommand(program: Command): void {
  program
    .command('rm')
    .description('remove objects')
    .argument('<TARGET...>', 'ALIAS/BUCKET/KEY, or a prefix with --recursive --force')
    .option('-r, --recursive', 'remove every object under the prefix (needs --force)', false)
    .option('--force', 'confirm a recursive removal', false)
    .option('-I, --incomplete', 'remove incomplete multipart uploads instead of objects', false)
    .option('--version-id <ID>', 'remove this version of the object (for good: no delete marker)')
    .option(
      '--versions',
      'remove every version and delete marker of the object (or prefix, with --recursive)',
      false,
    )
    .option(
      '--bypass',
      'remove versions under GOVERNANCE retention (needs s3:BypassGovernanceRetention)',
      false,
    )
    .action(
      runAction<RmOptions>(async (ctx, targets, options) => {
        if (options.recursive && !options.force) {
          throw new UsageError(
            'rm: --recursive removes every object under the prefix; add --force to confirm',
          )
        }
        if (options.versionId !== undefined && (options.versions || options.recursive)) {
          throw new UsageError(
            'rm: --version-id names one version; it goes with neither --versions nor --recursive',
          )
        }
        for (const target of targets) {
          const { alias, bucket, key } = requireBucket(target, 'rm')
          if (!options.recursive && (key === '' || key.endsWith('/'))) {
            throw new UsageError(`rm: "${target}" is a folder or bucket; add --recursive --force to empty it`)
          }
          const client = await ctx.client(alias)
          try {
            if (options.versionId !== undefined) {
              await removeVersionOf(
                ctx,
                client,
                { alias, bucket, key, versionId: options.versionId },
                options.bypass,
              )
            } else if (options.versions) {
              await removeVersions(ctx, client, { alias, bucket, key }, options.recursive, options.bypass)
            } else if (options.incomplete)
              await removeIncomplete(ctx, client, alias, bucket, key, options.recursive)
            else if (options.recursive) await removePrefix(ctx, client, alias, bucket, key)
            else await removeOne(ctx, client, alias, bucket, key)
          } catch (error) {
            if (error instanceof CliError) throw error
            throw new CliError(`cannot remove "${target}": ${describeError(error)}`, { cause: error })
          }
        }
      }),
    )
}

async function removeOne(ctx: CliContext, client: Client, alias: string, bucket: string, key: string) {
  // S3 answers a delete of a missing key with success; say so instead of pretending.
  await client.statObject(bucket, key).catch((error: { code?: string }) => {
    if (error.code === 'NotFound' || error.code === 'NoSuchKey') {
      throw new CliError(`cannot remove "${alias}/${bucket}/${key}": the object does not exist`)
    }
    throw error
  })
  await client.removeObject(bucket, key)
  const url = `${alias}/${bucket}/${key}`
  ctx.out.result(`Removed \`${ctx.out.name(url)}\`.`, { key: url })
}

/**
 * Removes every object under `prefix`, in batches of up to 1000 keys (one DeleteObjects call each).
 * @example
 * await removePrefix(ctx, client, 'local', 'photos', '2019/')
 */
export async function removePrefix(
  ctx: CliContext,
  client: Client,
  alias: string,
  bucket: string,
  prefix: string,
) {
  let batch: string[] = []
  const flush = async () => {
    const failures = await client.removeObjects(bucket, batch)
    const failed = new Set(failures.map((failure) => failure.Key))
    for (const key of batch) {
      const url = `${alias}/${bucket}/${key}`
      if (!failed.has(key)) ctx.out.result(`Removed \`${ctx.out.name(url)}\`.`, { key: url })
    }
    const first = failures[0]
    if (first)
      throw new CliError(`cannot remove "${alias}/${bucket}/${first.Key}": ${first.Message} (${first.Code})`)
    batch = []
  }
  for await (const entry of listRemote(client, bucket, prefix, true)) {
    batch.push(entry.key)
    if (batch.length === 1000) await flush()
  }
  if (batch.length > 0) await flush()
}

async function removeIncomplete(
  ctx: CliContext,
  client: Client,
  alias: string,
  bucket: string,
  key: string,
  recursive: boolean,
) {
  const keys = new Set<string>()
  if (recursive) {
    for await (const upload of client.listIncompleteUploads(bucket, key, true)) {
      if (upload.key !== undefined) keys.add(upload.key)
    }
  } else {
    keys.add(key)
  }
  for (const name of keys) {
    await client.removeIncompleteUpload(bucket, name)
    const url = `${alias}/${bucket}/${name}`
    ctx.out.result(`Removed incomplete upload \`${ctx.out.name(url)}\`.`, {
      key: url,
      incomplete: true,
    })
  }
}
