import type { XmlElement, XmlValue } from '../../body/parse-xml-body.js'
import { S3ServerError } from '../../errors.js'
import {
  type DefaultRetention,
  isRetentionMode,
  type ObjectLockConfiguration,
} from '../../object-lock/lock-configuration.js'
import { renderXml } from '../../response/xml.js'
import type { XmlDocumentLimits } from '../objects/xml-body.js'

/** An ObjectLockConfiguration is a handful of short elements. */
export const OBJECT_LOCK_LIMITS: XmlDocumentLimits = { maxBytes: 16 * 1024, maxElements: 32, maxDepth: 4 }

// The longest default retention Silo takes: 100 years (MinIO's bound), 36,500 days.
const MAX_DAYS = 36_500
const MAX_YEARS = 100

/**
 * Reads an `ObjectLockConfiguration` (`ObjectLockEnabled` Enabled, optional
 * `Rule/DefaultRetention` with a Mode and Days or Years, not both): MalformedXML naming what is
 * wrong (MinIO's answer), as for an unknown element.
 *
 * @example parseObjectLockConfiguration({ ObjectLockEnabled: 'Enabled' }) // { enabled: true }
 */
export function parseObjectLockConfiguration(content: XmlElement): ObjectLockConfiguration {
  onlyElements(content, ['ObjectLockEnabled', 'Rule'], 'ObjectLockConfiguration')
  if (single(content.ObjectLockEnabled, 'ObjectLockEnabled') !== 'Enabled') {
    malformed('ObjectLockEnabled must be Enabled (object lock cannot be disabled)')
  }
  if (content.Rule === undefined) return { enabled: true }
  const rule = element(content.Rule, 'Rule')
  onlyElements(rule, ['DefaultRetention'], 'Rule')
  return { enabled: true, rule: parseDefaultRetention(element(rule.DefaultRetention, 'DefaultRetention')) }
}

/**
 * The GetObjectLockConfiguration answer.
 *
 * @example renderObjectLockConfiguration({ enabled: true, rule: { mode: 'GOVERNANCE', days: 1 } })
 */
export function renderObjectLockConfiguration(config: ObjectLockConfiguration): string {
  const body: Record<string, unknown> = { ObjectLockEnabled: 'Enabled' }
  if (config.rule) {
    const { mode, days, years } = config.rule
    body.Rule = {
      DefaultRetention: { Mode: mode, ...(years !== undefined ? { Years: years } : { Days: days }) },
    }
  }
  return renderXml('ObjectLockConfiguration', body)
}

function parseDefaultRetention(retention: XmlElement): DefaultRetention {
  onlyElements(retention, ['Mode', 'Days', 'Years'], 'DefaultRetention')
  const mode = single(retention.Mode, 'Mode')
  if (!isRetentionMode(mode)) malformed('DefaultRetention needs a Mode of GOVERNANCE or COMPLIANCE')
  const days = retention.Days === undefined ? undefined : period(retention.Days, 'Days', MAX_DAYS)
  const years = retention.Years === undefined ? undefined : period(retention.Years, 'Years', MAX_YEARS)
  if (days !== undefined && years !== undefined) malformed('DefaultRetention takes Days or Years, not both')
  if (days !== undefined) return { mode, days }
  if (years !== undefined) return { mode, years }
  return malformed('DefaultRetention needs a period: Days or Years')
}

function period(value: XmlValue | XmlValue[], name: string, max: number): number {
  const text = single(value, name).trim()
  const n = /^\d{1,9}$/.test(text) ? Number(text) : Number.NaN
  if (!(n >= 1 && n <= max)) {
    malformed(`Default retention period must be a positive integer value for '${name}' (at most ${max})`)
  }
  return n
}

function onlyElements(content: XmlElement, allowed: readonly string[], parent: string): void {
  for (const name of Object.keys(content)) {
    if (!allowed.includes(name)) malformed(`<${name}> is not an element of ${parent}`)
  }
}

function element(value: XmlValue | XmlValue[] | undefined, name: string): XmlElement {
  if (value === undefined || Array.isArray(value) || typeof value === 'string') {
    return malformed(`${name} must appear once, with its elements`)
  }
  return value
}

function single(value: XmlValue | XmlValue[] | undefined, name: string): string {
  if (typeof value !== 'string') return malformed(`${name} must appear once, as text`)
  return value
}

function malformed(why: string): never {
  throw new S3ServerError('MalformedXML', `The ObjectLockConfiguration is not valid: ${why}.`)
}
