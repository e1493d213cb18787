import { XMLBuilder, XMLParser, XMLValidator } from 'fast-xml-parser'
import {
  type NotificationConfig,
  NotificationConfigError,
  type RawFilterRule,
  type RawNotificationConfig,
  type RawRule,
} from './notification-config.js'

/**
 * The S3 `NotificationConfiguration` XML (MinIO facts §3.4; AWS PutBucketNotificationConfiguration):
 * `QueueConfiguration`/`TopicConfiguration`/`CloudFunctionConfiguration` › `Id`,
 * `Filter/S3Key/FilterRule(Name, Value)`, repeated `Event`, and `Queue`/`Topic`/`CloudFunction`.
 */

const S3_XMLNS = 'http://s3.amazonaws.com/doc/2006-03-01/'
const RULE_KINDS = [
  ['QueueConfiguration', 'Queue', 'queues'],
  ['TopicConfiguration', 'Topic', 'topics'],
  ['CloudFunctionConfiguration', 'CloudFunction', 'cloudFunctions'],
] as const
const REPEATED = new Set([
  'QueueConfiguration',
  'TopicConfiguration',
  'CloudFunctionConfiguration',
  'Event',
  'FilterRule',
])

// Values are kept verbatim (no trimming, no number parsing): a prefix may start with a space.
const parser = new XMLParser({
  ignoreAttributes: true,
  ignoreDeclaration: true,
  parseTagValue: false,
  trimValues: false,
  isArray: (name) => REPEATED.has(name),
})
const builder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@_' })

type Node = Record<string, unknown>

/**
 * Parses the XML body of PutBucketNotificationConfiguration into its raw shape; throws a
 * `MalformedXML` `NotificationConfigError` naming the fault. Validate the result with
 * `validateNotificationConfig`.
 */
export function parseNotificationXml(xml: string): RawNotificationConfig {
  // No DTDs: S3 bodies never need one, and entity expansion is an attack surface.
  if (/<!DOCTYPE/i.test(xml)) malformed('DOCTYPE declarations are not allowed')
  const valid = XMLValidator.validate(xml)
  if (valid !== true) malformed(`line ${valid.err.line}: ${valid.err.msg}`)
  const doc = parser.parse(xml) as Node
  const root = children(doc, 'document')
  const names = Object.keys(root)
  if (names.length !== 1 || names[0] !== 'NotificationConfiguration') {
    malformed(`the root element must be NotificationConfiguration, got ${names.join(', ') || 'nothing'}`)
  }
  const body = children(root.NotificationConfiguration, 'NotificationConfiguration')
  const result: RawNotificationConfig = { queues: [], topics: [], cloudFunctions: [] }
  for (const name of Object.keys(body)) {
    const kind = RULE_KINDS.find(([element]) => element === name)
    if (!kind) malformed(`unexpected element ${name} in NotificationConfiguration`)
    const [element, arnElement, field] = kind
    result[field] = (body[name] as unknown[]).map((n) => parseRule(n, element, arnElement))
  }
  return result
}

/** Serializes a configuration as the XML GetBucketNotificationConfiguration returns. */
export function serializeNotificationXml(config: NotificationConfig): string {
  return serializeRawNotificationXml({
    queues: config.queues.map((q) => ({
      ...(q.id !== undefined ? { id: q.id } : {}),
      arn: q.arn,
      events: q.events,
      filterRules: filterRules(q.filter),
    })),
    topics: [],
    cloudFunctions: [],
  })
}

/**
 * Serializes rules of all three kinds, as the SDK sends them: per rule `Id`, the ARN element,
 * each `Event`, and `Filter/S3Key/FilterRule` when there are filter rules.
 *
 * @example serializeRawNotificationXml({ queues: [{ arn, events: ['s3:ObjectCreated:*'], filterRules: [] }], topics: [], cloudFunctions: [] })
 */
export function serializeRawNotificationXml(config: RawNotificationConfig): string {
  const body: Record<string, unknown> = { '@_xmlns': S3_XMLNS }
  for (const [element, arnElement, field] of RULE_KINDS) {
    if (config[field].length === 0) continue
    body[element] = config[field].map((rule) => ({
      ...(rule.id !== undefined ? { Id: rule.id } : {}),
      [arnElement]: rule.arn,
      Event: rule.events,
      ...(rule.filterRules.length > 0
        ? {
            Filter: {
              S3Key: { FilterRule: rule.filterRules.map((f) => ({ Name: f.name, Value: f.value })) },
            },
          }
        : {}),
    }))
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n${builder.build({ NotificationConfiguration: body }) as string}`
}

function filterRules(filter: { prefix: string; suffix: string }): RawFilterRule[] {
  const rules: RawFilterRule[] = []
  if (filter.prefix) rules.push({ name: 'prefix', value: filter.prefix })
  if (filter.suffix) rules.push({ name: 'suffix', value: filter.suffix })
  return rules
}

function parseRule(node: unknown, element: string, arnElement: string): RawRule {
  const fields = children(node, element)
  const rule: RawRule = { arn: '', events: [], filterRules: [] }
  for (const [name, value] of Object.entries(fields)) {
    if (name === 'Id') rule.id = text(value, `${element}/Id`)
    else if (name === arnElement) rule.arn = text(value, `${element}/${arnElement}`)
    else if (name === 'Event') rule.events = (value as unknown[]).map((v) => text(v, `${element}/Event`))
    else if (name === 'Filter') rule.filterRules = parseFilter(value, element)
    else malformed(`unexpected element ${name} in ${element}`)
  }
  return rule
}

function parseFilter(node: unknown, element: string): RawFilterRule[] {
  const filter = children(node, `${element}/Filter`)
  for (const name of Object.keys(filter)) {
    if (name !== 'S3Key') malformed(`unexpected element ${name} in ${element}/Filter`)
  }
  if (filter.S3Key === undefined) return []
  const s3Key = children(filter.S3Key, 'Filter/S3Key')
  const rules: RawFilterRule[] = []
  for (const [name, value] of Object.entries(s3Key)) {
    if (name !== 'FilterRule') malformed(`unexpected element ${name} in Filter/S3Key`)
    for (const ruleNode of value as unknown[]) {
      const rule = children(ruleNode, 'FilterRule')
      rules.push({
        name: text(rule.Name ?? '', 'FilterRule/Name'),
        value: text(rule.Value ?? '', 'FilterRule/Value'),
      })
    }
  }
  return rules
}

// An element with child elements, minus whitespace between them. `<X/>` parses as ''.
function children(node: unknown, where: string): Node {
  if (node === '' || node === undefined) return {}
  if (typeof node !== 'object' || node === null || Array.isArray(node))
    malformed(`${where} must contain elements`)
  const { '#text': textNode, ...rest } = node as Node
  if (typeof textNode === 'string' && textNode.trim() !== '') malformed(`${where} must not contain text`)
  return rest
}

function text(node: unknown, where: string): string {
  if (typeof node !== 'string') malformed(`${where} must be text`)
  return node
}

function malformed(detail: string): never {
  throw new NotificationConfigError('MalformedXML', `The XML you provided was not well-formed: ${detail}.`)
}
