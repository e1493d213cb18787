/**
 * `silo tag set|list|remove ALIAS/BUCKET[/KEY] [--version-id ID]`: bucket or object tags, in
 * mc's forms (`silo tag set local/photos/a.jpg "project=x&owner=ann"`).
 */
import type { Command } from 'commander'
import { runAction } from '../action.js'
import { CliError, UsageError } from '../errors/cli-error.js'
import { describeError } from '../errors/describe-error.js'
import { requireBucket } from '../remote/parse-remote.js'
import { getTagging, putTagging, removeTagging, type Target } from '../remote/sdk-pending.js'

interface TagOptions {
  versionId?: string
}

/**
 * Parses mc's tag argument, `k1=v1&k2=v2` (URL-encoded, as in x-amz-tagging).
 * @example
 * parseTags('project=x&owner=ann') // { project: 'x', owner: 'ann' }
 */
export function parseTags(text: string): Record<string, string> {
  const tags: Record<string, string> = {}
  for (const [key, value] of new URLSearchParams(text)) {
    if (key === '') throw new UsageError(`tag set: "${text}" has a tag with no key; write "k1=v1&k2=v2"`)
    if (Object.hasOwn(tags, key)) throw new UsageError(`tag set: the tag key "${key}" is given twice`)
    tags[key] = value
  }
  if (Object.keys(tags).length === 0) throw new UsageError('tag set: no tags given; write "k1=v1&k2=v2"')
  return tags
}

function targetOf(path: string, command: string, options: TagOptions) {
  const { alias, bucket, key } = requireBucket(path, command)
  if (options.versionId !== undefined && !key) {
    throw new UsageError(`${command}: --version-id needs an object, ALIAS/BUCKET/KEY`)
  }
  const target: Target = { bucket, key: key || undefined, versionId: options.versionId }
  return { alias, target, name: `${alias}/${bucket}${key ? `/${key}` : ''}` }
}

/**
 * Registers `tag` and its subcommands.
 * @example
 * registerTagCommands(program) // silo tag list local/photos/a.jpg
 */
export function registerTagCommands(program: Command): void {
  const tag = program.command('tag').description('set, list or remove the tags of a bucket or object')
  tag
    .command('set')
    .description('replace the tags of a bucket or object')
    .argument('<TARGET>', 'ALIAS/BUCKET or ALIAS/BUCKET/KEY')
    .argument('<TAGS>', 'the tags, "k1=v1&k2=v2"')
    .option('--version-id <ID>', 'tag this version of the object')
    .action(
      runAction<TagOptions>(async (ctx, [path = '', text = ''], options) => {
        const { alias, target, name } = targetOf(path, 'tag set', options)
        const tags = parseTags(text)
        const client = await ctx.client(alias)
        try {
          await putTagging(client, target, tags)
        } catch (error) {
          throw new CliError(`cannot set tags of "${name}": ${describeError(error)}`, { cause: error })
        }
        ctx.out.result(`Tags set for ${name}.`, { url: name, tags, ...versionField(options) })
      }),
    )
  tag
    .command('list')
    .description('print the tags of a bucket or object')
    .argument('<TARGET>', 'ALIAS/BUCKET or ALIAS/BUCKET/KEY')
    .option('--version-id <ID>', 'the tags of this version of the object')
    .action(
      runAction<TagOptions>(async (ctx, [path = ''], options) => {
        const { alias, target, name } = targetOf(path, 'tag list', options)
        const client = await ctx.client(alias)
        let tags: { Key: string; Value: string }[]
        try {
          tags = await getTagging(client, target)
        } catch (error) {
          throw new CliError(`cannot list tags of "${name}": ${describeError(error)}`, { cause: error })
        }
        const width = Math.max(4, ...tags.map((t) => t.Key.length))
        const lines = [
          `${'Name'.padEnd(width)} : ${name}`,
          ...tags.map((t) => `${t.Key.padEnd(width)} : ${t.Value}`),
        ]
        const record = Object.fromEntries(tags.map((t) => [t.Key, t.Value]))
        ctx.out.result(lines.join('\n'), { url: name, tags: record, ...versionField(options) })
      }),
    )
  tag
    .command('remove')
    .description('remove every tag of a bucket or object')
    .argument('<TARGET>', 'ALIAS/BUCKET or ALIAS/BUCKET/KEY')
    .option('--version-id <ID>', 'untag this version of the object')
    .action(
      runAction<TagOptions>(async (ctx, [path = ''], options) => {
        const { alias, target, name } = targetOf(path, 'tag remove', options)
        const client = await ctx.client(alias)
        try {
          await removeTagging(client, target)
        } catch (error) {
          throw new CliError(`cannot remove tags of "${name}": ${describeError(error)}`, { cause: error })
        }
        ctx.out.result(`Tags removed for ${name}.`, { url: name, ...versionField(options) })
      }),
    )
}

function versionField(options: TagOptions) {
  return options.versionId === undefined ? {} : { versionId: options.versionId }
}
