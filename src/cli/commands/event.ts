/**
 * `silo event add|list|remove ALIAS/BUCKET ...`: a bucket's notification configuration, read
 * and written whole through getBucketNotification / setBucketNotification, so `add` keeps the
 * rules already there.
 */
import type { Command } from 'commander'
import {
  type Client,
  CloudFunctionConfig,
  NotificationConfig,
  type NotificationEvent,
  QueueConfig,
  TopicConfig,
} from '../../index.js'
import { runAction } from '../action.js'
import { CliError, UsageError } from '../errors/cli-error.js'
import { describeError } from '../errors/describe-error.js'
import { expandEvents } from '../remote/event-names.js'
import { requireBucket } from '../remote/parse-remote.js'

/** One rule of a bucket's configuration, flattened for printing and rebuilding. */
export interface EventRule {
  arn: string
  events: string[]
  prefix: string
  suffix: string
  id: string
}

interface AddOptions {
  event: string
  prefix?: string
  suffix?: string
}

/**
 * The `event list` line: ARN, events, then the filter when there is one; the ARN and events
 * padded to the widths given (the widest of the listed rules, so columns line up).
 * @example
 * formatRule({ arn: 'arn:silo:sqs::1:webhook', events: ['s3:ObjectCreated:*'], prefix: '', suffix: '.jpg', id: '' })
 * // 'arn:silo:sqs::1:webhook   s3:ObjectCreated:*   Filter: suffix=.jpg'
 */
export function formatRule(rule: EventRule, arnWidth = 0, eventsWidth = 0): string {
  const filters = [rule.prefix && `prefix=${rule.prefix}`, rule.suffix && `suffix=${rule.suffix}`].filter(
    Boolean,
  )
  const events = rule.events.join(',')
  const head = `${rule.arn.padEnd(arnWidth)}   `
  return filters.length > 0
    ? `${head}${events.padEnd(eventsWidth)}   Filter: ${filters.join(' ')}`
    : head + events
}

/**
 * The `event list` lines of several rules, in aligned columns: ARN, events, filter.
 * @example
 * formatRules(rules) // ['arn:silo:sqs::1:webhook   s3:ObjectCreated:*   Filter: suffix=.jpg', ...]
 */
export function formatRules(rules: EventRule[]): string[] {
  const arnWidth = Math.max(0, ...rules.map((rule) => rule.arn.length))
  const eventsWidth = Math.max(0, ...rules.map((rule) => rule.events.join(',').length))
  return rules.map((rule) => formatRule(rule, arnWidth, eventsWidth))
}

/**
 * Registers `event add`, `event list` and `event remove`, also as `events ...`.
 * @example
 * registerEventCommands(program) // silo event add local/photos arn:silo:sqs::1:webhook --suffix .jpg
 */
export function registerEventCommands(program: Command): void {
  // `events` is the older setups' name of the sub-command (seed, Versioning 4): both work.
  const event = program
    .command('event')
    .alias('events')
    .description('manage bucket event notifications (older name: events)')

  event
    .command('add')
    .description('add a notification rule to a bucket (kept alongside existing rules)')
    .argument('<TARGET>', 'ALIAS/BUCKET')
    .argument('<ARN>', 'target ARN, e.g. arn:silo:sqs::1:webhook')
    .option('--event <LIST>', 'comma-separated: put, delete, get', 'put,delete')
    .option('--prefix <PREFIX>', 'only keys starting with PREFIX')
    .option('--suffix <SUFFIX>', 'only keys ending with SUFFIX')
    .action(
      runAction<AddOptions>(async (ctx, [target, arn], options) => {
        const { alias, bucket } = requireBucket(target!, 'event add')
        if (!/^arn:[^:]+:[^:]+:[^:]*:[^:]*:.+$/.test(arn!)) {
          throw new UsageError(`event add: "${arn}" is not an ARN like arn:silo:sqs::1:webhook`)
        }
        const events = expandEvents(options.event, '--event')
        const client = await ctx.client(alias)
        const rules = await readRules(client, target!)
        rules.push({ arn: arn!, events, prefix: options.prefix ?? '', suffix: options.suffix ?? '', id: '' })
        await writeRules(client, bucket, rules).catch((error: unknown) => {
          throw new CliError(`cannot add "${arn}" to "${target}": ${describeError(error)}`, { cause: error })
        })
        ctx.out.result(`Successfully added ${arn}`, {
          arn,
          event: events,
          prefix: options.prefix ?? '',
          suffix: options.suffix ?? '',
        })
      }),
    )

  event
    .command('list')
    .description("list a bucket's notification rules: ARN, events, filter")
    .argument('<TARGET>', 'ALIAS/BUCKET')
    .argument('[ARN]', 'only rules for this ARN')
    .action(
      runAction(async (ctx, [target, arn]) => {
        const { alias } = requireBucket(target!, 'event list')
        const rules = await readRules(await ctx.client(alias), target!)
        const shown = rules.filter((r) => arn === undefined || r.arn === arn)
        const lines = formatRules(shown)
        for (const [index, rule] of shown.entries()) {
          ctx.out.result(lines[index]!, {
            arn: rule.arn,
            event: rule.events,
            prefix: rule.prefix,
            suffix: rule.suffix,
            id: rule.id,
          })
        }
      }),
    )

  event
    .command('remove')
    .description('remove the rules for an ARN, or with --force all rules of the bucket')
    .argument('<TARGET>', 'ALIAS/BUCKET')
    .argument('[ARN]', 'remove the rules sending to this ARN')
    .option('--force', 'with no ARN: remove every rule of the bucket', false)
    .action(
      runAction<{ force: boolean }>(async (ctx, [target, arn], options) => {
        const { alias, bucket } = requireBucket(target!, 'event remove')
        if (arn === undefined && !options.force) {
          throw new UsageError('event remove: give an ARN, or --force to remove every rule of the bucket')
        }
        const client = await ctx.client(alias)
        const rules = await readRules(client, target!)
        const kept = arn === undefined ? [] : rules.filter((rule) => rule.arn !== arn)
        if (arn !== undefined && kept.length === rules.length) {
          throw new CliError(`cannot remove "${arn}" from "${target}": the bucket has no rule for it`)
        }
        await writeRules(client, bucket, kept).catch((error: unknown) => {
          throw new CliError(`cannot remove rules from "${target}": ${describeError(error)}`, {
            cause: error,
          })
        })
        const text =
          arn === undefined ? `Successfully removed all events of ${target}` : `Successfully removed ${arn}`
        ctx.out.result(text, { arn: arn ?? '', removed: rules.length - kept.length })
      }),
    )
}

async function readRules(client: Client, target: string): Promise<EventRule[]> {
  const { bucket } = requireBucket(target, 'event')
  const config = await client.getBucketNotification(bucket).catch((error: unknown) => {
    throw new CliError(`cannot read the notification rules of "${target}": ${describeError(error)}`, {
      cause: error,
    })
  })
  const rules: EventRule[] = []
  const groups = [
    [config.QueueConfiguration, 'Queue'],
    [config.TopicConfiguration, 'Topic'],
    [config.CloudFunctionConfiguration, 'CloudFunction'],
  ] as const
  for (const [entries, field] of groups) {
    for (const entry of entries as unknown as Record<string, unknown>[]) {
      const filter = entry.Filter as { Name: string; Value: string }[]
      const ruleOf = (name: string) => filter.find((r) => r.Name === name)?.Value ?? ''
      rules.push({
        arn: String(entry[field] ?? ''),
        events: entry.Event as string[],
        prefix: ruleOf('prefix'),
        suffix: ruleOf('suffix'),
        id: String(entry.Id ?? ''),
      })
    }
  }
  return rules
}

async function writeRules(client: Client, bucket: string, rules: EventRule[]): Promise<void> {
  if (rules.length === 0) return client.removeAllBucketNotification(bucket)
  const config = new NotificationConfig()
  for (const rule of rules) {
    const service = rule.arn.split(':')[2]
    const target =
      service === 'sns'
        ? new TopicConfig(rule.arn)
        : service === 'lambda'
          ? new CloudFunctionConfig(rule.arn)
          : new QueueConfig(rule.arn)
    if (rule.id) target.setId(rule.id)
    for (const name of rule.events) target.addEvent(name as NotificationEvent)
    if (rule.prefix) target.addFilterPrefix(rule.prefix)
    if (rule.suffix) target.addFilterSuffix(rule.suffix)
    config.add(target)
  }
  await client.setBucketNotification(bucket, config)
}
