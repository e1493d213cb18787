/** Converts between notification configurations and the S3 `NotificationConfiguration` XML. */

import type { RawNotificationConfig, RawRule } from '../../shared/events/notification-config.js'
import { parseNotificationXml, serializeRawNotificationXml } from '../../shared/events/notification-xml.js'
import { InvalidXMLError } from '../errors.js'
import type { NotificationConfigResult, NotificationRuleResult } from './notification-result.js'

type PlainRule = { Id?: unknown; Event?: unknown; Filter?: { S3Key?: { FilterRule?: unknown } } | unknown[] }

/**
 * The XML body for setBucketNotification. Accepts a `NotificationConfig`, a plain object of the
 * same shape (as minio-js does), or what getBucketNotification returned.
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
 * Parses a GetBucketNotificationConfiguration answer into minio-js's result shape.
 * @example
 * const config = parseNotificationConfig(await res.text())
 */
export function parseNotificationConfig(xml: string): NotificationConfigResult {
  let raw: RawNotificationConfig
  try {
    raw = parseNotificationXml(xml)
  } catch (cause) {
    throw new InvalidXMLError(`Invalid NotificationConfiguration in response: ${(cause as Error).message}`, {
      cause,
    })
  }
  return {
    TopicConfiguration: raw.topics.map((rule) => ({ ...fromRawRule(rule), Topic: rule.arn })),
    QueueConfiguration: raw.queues.map((rule) => ({ ...fromRawRule(rule), Queue: rule.arn })),
    CloudFunctionConfiguration: raw.cloudFunctions.map((rule) => ({
      ...fromRawRule(rule),
      CloudFunction: rule.arn,
    })),
  }
}

function fromRawRule(rule: RawRule): NotificationRuleResult {
  return {
    Id: rule.id,
    Event: [...rule.events],
    Filter: rule.filterRules.map((f) => ({ Name: f.name, Value: f.value })),
  }
}

function toRawRule(rule: PlainRule & Record<string, unknown>, arnField: string, where: string): RawRule {
  const arn = rule[arnField]
  if (typeof arn !== 'string') throw new TypeError(`${where}: every entry needs a string ${arnField} ARN`)
  // `Filter.S3Key.FilterRule` (the builders' shape) or a flat `[{Name, Value}]` (what
  // getBucketNotification returns, as minio-js does), so a result can be set again.
  const filter = rule.Filter
  const listed = Array.isArray(filter) ? filter : filter?.S3Key?.FilterRule
  const filterRules = asArray(listed).map((f) => {
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
