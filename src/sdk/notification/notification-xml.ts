/** Converts between `NotificationConfig` and the S3 `NotificationConfiguration` XML. */

import type { RawNotificationConfig, RawRule } from '../../shared/events/notification-config.js'
import { parseNotificationXml, serializeRawNotificationXml } from '../../shared/events/notification-xml.js'
import { InvalidXMLError } from '../errors.js'
import {
  CloudFunctionConfig,
  NotificationConfig,
  QueueConfig,
  type TargetConfig,
  TopicConfig,
} from './notification-config.js'

type PlainRule = { Id?: unknown; Event?: unknown; Filter?: { S3Key?: { FilterRule?: unknown } } }

/**
 * The XML body for setBucketNotification. Accepts a `NotificationConfig` or a plain object of
 * the same shape (as minio-js does).
 * @example
 * const xml = buildNotificationXml(config)
 */
export function buildNotificationXml(config: object): string {
  const c = config as Record<string, unknown>
  const rules = (name: string, arnField: string): RawRule[] =>
    asArray(c[name]).map((r) => toRawRule(r as PlainRule & Record<string, unknown>, arnField, name))
  return serializeRawNotificationXml({
    topics: rules('TopicConfiguration', 'Topic'),
    queues: rules('QueueConfiguration', 'Queue'),
    cloudFunctions: rules('CloudFunctionConfiguration', 'CloudFunction'),
  })
}

/**
 * Parses a GetBucketNotificationConfiguration answer into a `NotificationConfig` whose entries
 * are `TopicConfig` / `QueueConfig` / `CloudFunctionConfig`, so it can be changed and set again.
 * @example
 * const config = parseNotificationConfig(await res.text())
 */
export function parseNotificationConfig(xml: string): NotificationConfig {
  let raw: RawNotificationConfig
  try {
    raw = parseNotificationXml(xml)
  } catch (cause) {
    throw new InvalidXMLError(`Invalid NotificationConfiguration in response: ${(cause as Error).message}`, {
      cause,
    })
  }
  const config = new NotificationConfig()
  for (const rule of raw.topics) config.add(fromRawRule(new TopicConfig(rule.arn), rule))
  for (const rule of raw.queues) config.add(fromRawRule(new QueueConfig(rule.arn), rule))
  for (const rule of raw.cloudFunctions) config.add(fromRawRule(new CloudFunctionConfig(rule.arn), rule))
  return config
}

function fromRawRule<T extends TargetConfig>(target: T, rule: RawRule): T {
  if (rule.id !== undefined) target.setId(rule.id)
  for (const event of rule.events) target.addEvent(event)
  for (const filter of rule.filterRules) {
    if (filter.name === 'prefix') target.addFilterPrefix(filter.value)
    else if (filter.name === 'suffix') target.addFilterSuffix(filter.value)
  }
  return target
}

function toRawRule(rule: PlainRule & Record<string, unknown>, arnField: string, where: string): RawRule {
  const arn = rule[arnField]
  if (typeof arn !== 'string') throw new TypeError(`${where}: every entry needs a string ${arnField} ARN`)
  const filterRules = asArray(rule.Filter?.S3Key?.FilterRule).map((f) => {
    const { Name, Value } = f as { Name?: unknown; Value?: unknown }
    if (typeof Name !== 'string' || typeof Value !== 'string') {
      throw new TypeError(`${where}: a FilterRule needs string Name and Value`)
    }
    return { name: Name, value: Value }
  })
  return {
    ...(typeof rule.Id === 'string' ? { id: rule.Id } : {}),
    arn,
    events: asArray(rule.Event).map(String),
    filterRules,
  }
}

function asArray(value: unknown): unknown[] {
  if (value === undefined || value === null) return []
  return Array.isArray(value) ? value : [value]
}
