/**
 * `silo ilm rule add|ls|rm ALIAS/BUCKET`: a bucket's lifecycle rules, in mc's current `ilm rule`
 * form. `add` appends one rule (expiry days, prefix and tag filter, noncurrent-version expiry,
 * expired delete markers) to the bucket's configuration; `rm` removes one rule by ID, or all.
 */
import { randomBytes } from 'node:crypto'
import type { Command } from 'commander'
import type { Client } from '../../index.js'
import { runAction } from '../action.js'
import { CliError, UsageError } from '../errors/cli-error.js'
import { describeError } from '../errors/describe-error.js'
import { requireBucket } from '../remote/parse-remote.js'
import { getBucketLifecycle, putBucketLifecycle, removeBucketLifecycle } from '../remote/sdk-pending.js'
import { parseTags } from './tag.js'

interface AddOptions {
  id?: string
  prefix?: string
  tags?: string
  expireDays?: string
  noncurrentExpireDays?: string
  expireDeleteMarker: boolean
  disable: boolean
}

interface RmOptions {
  id?: string
  all: boolean
  force: boolean
}

type Rule = Record<string, unknown>

function days(text: string | undefined, flag: string): number | undefined {
  if (text === undefined) return undefined
  if (!/^[1-9]\d{0,5}$/.test(text))
    throw new UsageError(`ilm rule add: ${flag} takes a whole number of days, not "${text}"`)
  return Number(text)
}

/**
 * The `<Rule>` `ilm rule add` makes, as an object for the XML builder (S3's element order).
 * @example
 * buildRule({ expireDays: '30', prefix: 'logs/', expireDeleteMarker: false, disable: false }, 'r1')
 */
export function buildRule(options: AddOptions, id: string): Rule {
  const expire = days(options.expireDays, '--expire-days')
  const noncurrent = days(options.noncurrentExpireDays, '--noncurrent-expire-days')
  if (expire === undefined && noncurrent === undefined && !options.expireDeleteMarker) {
    throw new UsageError(
      'ilm rule add: give --expire-days, --noncurrent-expire-days or --expire-delete-marker',
    )
  }
  if (expire !== undefined && options.expireDeleteMarker) {
    throw new UsageError('ilm rule add: --expire-days and --expire-delete-marker cannot be in one rule (S3)')
  }
  const tags = options.tags === undefined ? [] : Object.entries(parseTags(options.tags))
  const tagElements = tags.map(([Key, Value]) => ({ Key, Value }))
  const prefix = options.prefix ?? ''
  let filter: unknown = { Prefix: '' }
  if (tags.length === 0 && prefix !== '') filter = { Prefix: prefix }
  else if (tags.length === 1 && prefix === '') filter = { Tag: tagElements[0] }
  else if (tags.length > 0) filter = { And: { ...(prefix ? { Prefix: prefix } : {}), Tag: tagElements } }
  const rule: Rule = { ID: id, Filter: filter, Status: options.disable ? 'Disabled' : 'Enabled' }
  if (expire !== undefined) rule.Expiration = { Days: expire }
  if (options.expireDeleteMarker) rule.Expiration = { ExpiredObjectDeleteMarker: 'true' }
  if (noncurrent !== undefined) rule.NoncurrentVersionExpiration = { NoncurrentDays: noncurrent }
  return rule
}

async function readRules(client: Client, bucket: string): Promise<Rule[]> {
  return (await getBucketLifecycle(client, bucket)) ?? []
}

function field(value: unknown, ...path: string[]): string {
  let at: unknown = value
  for (const name of path) at = (at as Record<string, unknown> | undefined)?.[name]
  return at === undefined || at === null || typeof at === 'object' ? '' : String(at)
}

function asList(value: unknown): Record<string, unknown>[] {
  if (value === undefined || value === null || value === '') return []
  return (Array.isArray(value) ? value : [value]) as Record<string, unknown>[]
}

/**
 * A rule as one listing record: its filter and actions flattened.
 * @example
 * describeRule({ ID: 'r1', Status: 'Enabled', Filter: { Prefix: 'logs/' }, Expiration: { Days: '30' } })
 */
export function describeRule(rule: Rule) {
  const filter = (rule.Filter ?? {}) as Record<string, unknown>
  const and = (filter.And ?? {}) as Record<string, unknown>
  const prefix = field(filter, 'Prefix') || field(and, 'Prefix') || field(rule, 'Prefix')
  const tags = [...asList(filter.Tag), ...asList(and.Tag)].map(
    (t) => `${field(t, 'Key')}=${field(t, 'Value')}`,
  )
  return {
    id: field(rule, 'ID'),
    ruleStatus: field(rule, 'Status'),
    prefix,
    tags: tags.join('&'),
    expireDays: Number(field(rule, 'Expiration', 'Days')) || 0,
    expireDate: field(rule, 'Expiration', 'Date'),
    expireDeleteMarker: field(rule, 'Expiration', 'ExpiredObjectDeleteMarker') === 'true',
    noncurrentExpireDays: Number(field(rule, 'NoncurrentVersionExpiration', 'NoncurrentDays')) || 0,
  }
}

function failed(what: string, name: string, error: unknown): CliError {
  return new CliError(`cannot ${what} of "${name}": ${describeError(error)}`, { cause: error })
}

function bucketOf(path: string, command: string) {
  const { alias, bucket, key } = requireBucket(path, command)
  if (key) throw new UsageError(`${command}: give ALIAS/BUCKET; filter by key with --prefix`)
  return { alias, bucket, name: `${alias}/${bucket}` }
}

/**
 * Registers `ilm rule add|ls|rm`.
 * @example
 * registerIlmCommands(program) // silo ilm rule add --expire-days 30 local/logs
 */
export function registerIlmCommands(program: Command): void {
  const rule = program
    .command('ilm')
    .description('manage the lifecycle (expiry) rules of a bucket')
    .command('rule')
    .description('add, list or remove lifecycle rules')
  rule
    .command('add')
    .description('add a lifecycle rule to a bucket')
    .argument('<TARGET>', 'ALIAS/BUCKET')
    .option('--id <ID>', 'the rule ID (default: a random one)')
    .option('--prefix <PREFIX>', 'only objects whose key starts with PREFIX')
    .option('--tags <TAGS>', 'only objects with these tags, "k1=v1&k2=v2"')
    .option('--expire-days <N>', 'expire current versions N days after they were written')
    .option('--noncurrent-expire-days <N>', 'remove noncurrent versions N days after they became noncurrent')
    .option('--expire-delete-marker', 'remove delete markers with no versions left', false)
    .option('--disable', 'add the rule disabled', false)
    .action(
      runAction<AddOptions>(async (ctx, [path = ''], options) => {
        const { alias, bucket, name } = bucketOf(path, 'ilm rule add')
        const id = options.id ?? randomBytes(10).toString('hex')
        const added = buildRule(options, id)
        const client = await ctx.client(alias)
        try {
          const rules = await readRules(client, bucket)
          if (rules.some((r) => field(r, 'ID') === id)) {
            throw new CliError(`cannot add rule "${id}" to "${name}": a rule with that ID exists`)
          }
          await putBucketLifecycle(client, bucket, [...rules, added])
        } catch (error) {
          if (error instanceof CliError) throw error
          throw failed('add a lifecycle rule', name, error)
        }
        ctx.out.result(`Lifecycle configuration rule added with ID \`${id}\` to ${name}.`, {
          url: name,
          ...describeRule(added),
        })
      }),
    )
  rule
    .command('ls')
    .description("list a bucket's lifecycle rules")
    .argument('<TARGET>', 'ALIAS/BUCKET')
    .action(
      runAction(async (ctx, [path = '']) => {
        const { alias, bucket, name } = bucketOf(path, 'ilm rule ls')
        const client = await ctx.client(alias)
        let rules: Rule[]
        try {
          rules = await readRules(client, bucket)
        } catch (error) {
          throw failed('list the lifecycle rules', name, error)
        }
        const rows = rules.map(describeRule)
        if (ctx.out.json) {
          for (const row of rows) ctx.out.result('', { url: name, ...row })
          return
        }
        if (rows.length === 0) {
          ctx.out.result(`${name} has no lifecycle rules`, {})
          return
        }
        const table = [
          ['ID', 'STATUS', 'PREFIX', 'TAGS', 'EXPIRE DAYS', 'NONCURRENT DAYS', 'DEL MARKER'],
          ...rows.map((r) => [
            r.id,
            r.ruleStatus,
            r.prefix || '-',
            r.tags || '-',
            r.expireDays ? String(r.expireDays) : r.expireDate || '-',
            r.noncurrentExpireDays ? String(r.noncurrentExpireDays) : '-',
            r.expireDeleteMarker ? 'true' : '-',
          ]),
        ]
        const widths = table[0]?.map((_, at) => Math.max(...table.map((row) => (row[at] ?? '').length))) ?? []
        const lines = table.map(
          (row) => `│ ${row.map((cell, at) => cell.padEnd(widths[at] ?? 0)).join(' │ ')} │`,
        )
        ctx.out.result(lines.join('\n'), {})
      }),
    )
  rule
    .command('rm')
    .description('remove a lifecycle rule by ID, or every rule with --all --force')
    .argument('<TARGET>', 'ALIAS/BUCKET')
    .option('--id <ID>', 'the rule to remove')
    .option('--all', 'remove every rule (needs --force)', false)
    .option('--force', 'confirm --all', false)
    .action(
      runAction<RmOptions>(async (ctx, [path = ''], options) => {
        const { alias, bucket, name } = bucketOf(path, 'ilm rule rm')
        if ((options.id === undefined) === !options.all)
          throw new UsageError('ilm rule rm: give --id ID or --all --force')
        if (options.all && !options.force)
          throw new UsageError('ilm rule rm: --all removes every rule; add --force')
        const client = await ctx.client(alias)
        try {
          if (options.all) {
            await removeBucketLifecycle(client, bucket)
            ctx.out.result(`Removed every lifecycle rule of ${name}.`, { url: name, all: true })
            return
          }
          const rules = await readRules(client, bucket)
          const left = rules.filter((r) => field(r, 'ID') !== options.id)
          if (left.length === rules.length)
            throw new CliError(`cannot remove rule "${options.id}" of "${name}": no rule has that ID`)
          if (left.length === 0) await removeBucketLifecycle(client, bucket)
          else await putBucketLifecycle(client, bucket, left)
        } catch (error) {
          if (error instanceof CliError) throw error
          throw failed('remove a lifecycle rule', name, error)
        }
        ctx.out.result(`Rule ID \`${options.id}\` removed from ${name}.`, { url: name, id: options.id })
      }),
    )
}
