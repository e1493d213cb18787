import { InvalidArnError, parseArn } from './arn.js'
import { type EventName, type EventWildcard, expandEventName, expandEventNames } from './event-names.js'
import {
  explainInvalidFilterValue,
  FILTER_RULE_NAMES,
  type FilterRuleName,
  type KeyFilter,
} from './filter-rules.js'
import {
  type NotificationConfig,
  NotificationConfigError,
  type QueueRule,
  type RawFilterRule,
  type RawNotificationConfig,
  type RawRule,
} from './notification-config.js'
import { findCommonKey } from './overlap.js'

/** What only the server knows: its region and which target ARNs are configured. */
export interface ValidateNotificationOptions {
  /** The server region; when non-empty, an ARN's region must be empty or equal to it. */
  region?: string
  /** Whether `arn` names a configured target. Omit to skip the check (e.g. in the SDK). */
  isKnownArn?: (arn: string) => boolean
}

/**
 * Validates a parsed configuration in S3's order (MinIO facts §3.4), plus real overlap analysis:
 * two rules sharing an event type whose filters can match a common key are refused, as AWS
 * does. Throws `NotificationConfigError` (code + message naming the fault).
 */
export function validateNotificationConfig(
  raw: RawNotificationConfig,
  options: ValidateNotificationOptions = {},
): NotificationConfig {
  if (raw.topics.length > 0 || raw.cloudFunctions.length > 0) {
    const what = raw.topics.length > 0 ? 'TopicConfiguration' : 'CloudFunctionConfiguration'
    fail(
      'UnsupportedNotification',
      `Silo supports only QueueConfiguration notifications; ${what} is not supported.`,
    )
  }
  const queues = raw.queues.map((rule, i) => validateRule(rule, label(rule, i), options))
  checkOverlaps(queues)
  return { queues }
}

function validateRule(rule: RawRule, name: string, options: ValidateNotificationOptions): QueueRule {
  if (rule.events.length === 0) fail('MalformedXML', `${name} must name at least one Event.`)
  const seen = new Set<EventName>()
  for (const event of rule.events) {
    const expanded = expandEventName(event)
    if (!expanded) {
      fail(
        'InvalidArgument',
        `A specified event is not supported for notifications: ${JSON.stringify(event)} in ${name}.`,
      )
    }
    for (const e of expanded) {
      if (seen.has(e)) fail('InvalidArgument', overlapMessage(`${name} lists ${e} more than once`))
      seen.add(e)
    }
  }
  const filter = validateFilter(rule.filterRules, name)
  validateArn(rule.arn, name, options)
  const queue: QueueRule = { arn: rule.arn, events: rule.events as (EventName | EventWildcard)[], filter }
  if (rule.id !== undefined) queue.id = rule.id
  return queue
}

function validateFilter(rules: RawFilterRule[], name: string): KeyFilter {
  const filter: KeyFilter = { prefix: '', suffix: '' }
  const given = new Set<string>()
  for (const rule of rules) {
    if (!(FILTER_RULE_NAMES as readonly string[]).includes(rule.name)) {
      fail(
        'InvalidArgument',
        `Filter rule name must be either prefix or suffix, got ${JSON.stringify(rule.name)} in ${name}.`,
      )
    }
    const ruleName = rule.name as FilterRuleName
    if (given.has(ruleName))
      fail('InvalidArgument', `Cannot specify more than one ${ruleName} rule in a filter (${name}).`)
    given.add(ruleName)
    const problem = explainInvalidFilterValue(ruleName, rule.value)
    if (problem) fail('InvalidArgument', `Invalid filter value in ${name}: ${problem}.`)
    filter[ruleName] = rule.value
  }
  return filter
}

function validateArn(arn: string, name: string, options: ValidateNotificationOptions): void {
  if (!arn) fail('InvalidArgument', `${name} must name a destination ARN in its Queue element.`)
  let region: string
  try {
    region = parseArn(arn).region
  } catch (e) {
    if (e instanceof InvalidArnError) fail('InvalidArgument', `${name}: ${e.message}.`)
    throw e
  }
  if (options.region && region && region !== options.region) {
    fail(
      'InvalidArgument',
      `A specified destination is in a different region than the bucket: ${arn} is in ${JSON.stringify(region)}, the server in ${JSON.stringify(options.region)}.`,
    )
  }
  if (options.isKnownArn && !options.isKnownArn(arn)) {
    fail(
      'InvalidArgument',
      `A specified destination ARN does not exist or is not well-formed. Verify the destination ARN: ${arn}.`,
    )
  }
}

function checkOverlaps(queues: QueueRule[]): void {
  const expanded = queues.map((q) => new Set(expandEventNames(q.events)))
  for (let i = 0; i < queues.length; i++) {
    for (let j = i + 1; j < queues.length; j++) {
      const a = queues[i]!
      const b = queues[j]!
      const shared = [...expanded[i]!].find((e) => expanded[j]!.has(e))
      if (!shared) continue
      const key = findCommonKey(a.filter, b.filter)
      if (key === undefined) continue
      fail(
        'InvalidArgument',
        overlapMessage(
          `${label(a, i)} and ${label(b, j)} both match ${shared} for keys such as ${JSON.stringify(key)}`,
        ),
      )
    }
  }
}

function overlapMessage(detail: string): string {
  return `Configurations overlap. Configurations on the same bucket cannot share a common event type: ${detail}.`
}

function label(rule: { id?: string }, index: number): string {
  return rule.id ? `QueueConfiguration ${JSON.stringify(rule.id)}` : `QueueConfiguration #${index + 1}`
}

function fail(code: NotificationConfigError['code'], message: string): never {
  throw new NotificationConfigError(code, message)
}
