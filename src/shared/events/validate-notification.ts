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

/**
 * The region older setups wrote into ARNs (seed, "Notification ARN" and Versioning 4): accepted
 * whatever the server's region, so a configuration written for an older setup keeps working.
 */
export const OLDER_ARN_REGION = 'us-east-1'

/** What only the server knows: its region and which target ARNs are configured. */
export interface ValidateNotificationOptions {
  /**
   * The server region; when non-empty, an ARN's region must be empty (current setups), equal to
   * it, or `us-east-1` (older setups).
   */
  region?: string
  /** Whether `arn` names a configured target. Omit to skip the check (e.g. in the SDK). */
  isKnownArn?: (arn: string) => boolean
}

/**
 * Validates a parsed configuration in S3's order (MinIO facts §3.4). Rules may share event types
 * and overlap in their filters, for different targets (the seed's walkthroughs add one rule per
 * target) and for the same one (the notifier sends each target an event once, however many of
 * its rules match). Only a rule that repeats another exactly — same target, same events, same
 * filter — is refused, as MinIO refuses a duplicate queue configuration. Throws
 * `NotificationConfigError` (code + message naming the fault).
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
  checkDuplicates(queues)
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
  if (options.region && region && region !== options.region && region !== OLDER_ARN_REGION) {
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

/**
 * Refuses a rule that repeats an earlier one: the same target (by id and kind: the region of an
 * ARN may be '', the server's or `us-east-1`), the same events once wildcards are expanded, the
 * same filter. MinIO answers such a document with ErrOverlappingFilterNotification; so do we.
 */
function checkDuplicates(queues: QueueRule[]): void {
  const seen = new Map<string, number>()
  for (const [i, queue] of queues.entries()) {
    const { id, kind } = parseArn(queue.arn)
    const events = [...new Set(expandEventNames(queue.events))].sort()
    const signature = JSON.stringify([id, kind, events, queue.filter.prefix, queue.filter.suffix])
    const first = seen.get(signature)
    if (first === undefined) {
      seen.set(signature, i)
      continue
    }
    fail(
      'InvalidArgument',
      `An object key name filtering rule defined with overlapping prefixes, overlapping suffixes, or overlapping combinations of prefixes and suffixes for the same event types: ${label(queue, i)} repeats ${label(queues[first]!, first)} (the same target ${queue.arn}, the same events and the same filter).`,
    )
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
