/**
 * S3's `LifecycleConfiguration` document (PutBucketLifecycleConfiguration) read into rules and
 * checked as S3 checks it, and written back for GetBucketLifecycleConfiguration.
 */
import { randomUUID } from 'node:crypto'
import type { XmlElement, XmlValue } from '../body/parse-xml-body.js'
import { S3ServerError } from '../errors.js'
import { renderXml } from '../response/xml.js'
import { checkTags, type Tag } from '../tagging/object-tags.js'
import type { LifecycleFilter, LifecycleRule } from './lifecycle-rules.js'

/** S3's limit: at most 1,000 rules per configuration. */
export const MAX_LIFECYCLE_RULES = 1000
/** Largest document accepted, in bytes (1,000 rules with long IDs and tags fit). */
export const MAX_LIFECYCLE_BYTES = 2 * 1024 * 1024
const MAX_ID = 255
const MAX_DAYS = 2_147_483_647

/** Elements that may repeat (always arrays once parsed). */
export const LIFECYCLE_REPEATED = new Set(['Rule', 'Tag', 'Transition', 'NoncurrentVersionTransition'])

const RULE_FIELDS = new Set([
  'ID',
  'Status',
  'Filter',
  'Prefix',
  'Expiration',
  'NoncurrentVersionExpiration',
  'AbortIncompleteMultipartUpload',
  'Transition',
  'NoncurrentVersionTransition',
])

/**
 * Reads the content of a parsed `LifecycleConfiguration` into rules: MalformedXML for what S3's
 * schema refuses (no rule, an unknown element, Status other than Enabled/Disabled, Days with
 * Date, a Filter with two conditions outside And), InvalidArgument for what S3 refuses by rule
 * (a duplicate or over-long ID, a non-positive day count, a Date not at midnight UTC, more than
 * 1,000 rules, Filter with the legacy Prefix), InvalidRequest for a rule without action, and
 * NotImplemented for transitions (Silo has one storage tier).
 *
 * @example parseLifecycleConfiguration({ Rule: [{ ID: 'r', Status: 'Enabled', Filter: '', Expiration: { Days: '1' } }] })
 */
export function parseLifecycleConfiguration(content: XmlElement): LifecycleRule[] {
  for (const name of Object.keys(content)) {
    if (name !== 'Rule') malformed(`<${name}> is not an element of LifecycleConfiguration`)
  }
  const rules = (content.Rule ?? []) as XmlValue[]
  if (rules.length === 0) malformed('a LifecycleConfiguration needs at least one Rule')
  if (rules.length > MAX_LIFECYCLE_RULES) {
    invalidArgument(`The lifecycle configuration cannot have more than ${MAX_LIFECYCLE_RULES} rules.`)
  }
  const parsed = rules.map(parseRule)
  const ids = new Set<string>()
  for (const rule of parsed) {
    if (ids.has(rule.id)) invalidArgument('Rule ID must be unique. Found same ID for more than one rule')
    ids.add(rule.id)
  }
  return parsed
}

function parseRule(value: XmlValue): LifecycleRule {
  const rule = element(value, 'Rule')
  for (const name of Object.keys(rule)) {
    if (!RULE_FIELDS.has(name)) malformed(`<${name}> is not an element of Rule`)
  }
  if (rule.Transition !== undefined || rule.NoncurrentVersionTransition !== undefined) {
    const which = rule.Transition !== undefined ? 'Transition' : 'NoncurrentVersionTransition'
    throw new S3ServerError(
      'NotImplemented',
      `Lifecycle ${which} is not implemented: Silo has a single storage class tier, there is nothing to transition to.`,
    )
  }
  const id = text(rule, 'ID')
  if (id !== undefined && id.length > MAX_ID) {
    invalidArgument(`ID length should not exceed allowed limit of ${MAX_ID}`)
  }
  const status = text(rule, 'Status')
  if (status !== 'Enabled' && status !== 'Disabled') {
    malformed('the Status of a Rule must be Enabled or Disabled')
  }
  if (rule.Filter !== undefined && rule.Prefix !== undefined) {
    invalidArgument(
      'The Filter and Prefix elements are mutually exclusive. You can specify one or the other, but not both.',
    )
  }
  const filter =
    rule.Prefix !== undefined
      ? { form: 'legacy-prefix' as const, prefix: text(rule, 'Prefix') ?? '', tags: [] }
      : parseFilter(rule.Filter)
  const parsed: LifecycleRule = { id: id || randomUUID(), enabled: status === 'Enabled', filter }
  if (rule.Expiration !== undefined) parsed.expiration = parseExpiration(rule.Expiration, filter)
  if (rule.NoncurrentVersionExpiration !== undefined) {
    const nve = element(rule.NoncurrentVersionExpiration, 'NoncurrentVersionExpiration')
    const days = text(nve, 'NoncurrentDays')
    if (days === undefined) malformed('NoncurrentVersionExpiration needs NoncurrentDays')
    parsed.noncurrentExpiration = {
      noncurrentDays: positive(days, "'NoncurrentDays' in NoncurrentVersionExpiration action"),
    }
    const newer = text(nve, 'NewerNoncurrentVersions')
    if (newer !== undefined) {
      parsed.noncurrentExpiration.newerNoncurrentVersions = positive(
        newer,
        "'NewerNoncurrentVersions' in NoncurrentVersionExpiration action",
      )
    }
  }
  if (rule.AbortIncompleteMultipartUpload !== undefined) {
    const abort = element(rule.AbortIncompleteMultipartUpload, 'AbortIncompleteMultipartUpload')
    const days = text(abort, 'DaysAfterInitiation')
    if (days === undefined) malformed('AbortIncompleteMultipartUpload needs DaysAfterInitiation')
    if (filter.tags.length > 0) {
      invalidArgument('The action is not supported for rules that apply to objects that have tags.')
    }
    if (filter.sizeGreaterThan !== undefined || filter.sizeLessThan !== undefined) {
      invalidArgument('AbortIncompleteMultipartUpload action cannot be specified with an ObjectSize filter.')
    }
    parsed.abortIncompleteDays = positive(
      days,
      "'DaysAfterInitiation' for AbortIncompleteMultipartUpload action",
    )
  }
  if (!parsed.expiration && !parsed.noncurrentExpiration && parsed.abortIncompleteDays === undefined) {
    throw new S3ServerError('InvalidRequest', 'At least one action needs to be specified in a rule')
  }
  return parsed
}

function parseExpiration(value: XmlValue | XmlValue[], filter: LifecycleFilter): LifecycleRule['expiration'] {
  const exp = element(value, 'Expiration')
  for (const name of Object.keys(exp)) {
    if (name !== 'Days' && name !== 'Date' && name !== 'ExpiredObjectDeleteMarker') {
      malformed(`<${name}> is not an element of Expiration`)
    }
  }
  const days = text(exp, 'Days')
  const date = text(exp, 'Date')
  const marker = text(exp, 'ExpiredObjectDeleteMarker')
  const given = [days, date, marker].filter((v) => v !== undefined).length
  if (given === 0) malformed('Expiration needs Days, Date or ExpiredObjectDeleteMarker')
  if (days !== undefined && date !== undefined) malformed('Expiration takes Days or Date, not both')
  if (marker !== undefined) {
    if (days !== undefined || date !== undefined) {
      invalidArgument(
        'ExpiredObjectDeleteMarker cannot be specified with Days or Date in a Lifecycle Expiration Policy',
      )
    }
    if (marker !== 'true' && marker !== 'false') malformed('ExpiredObjectDeleteMarker must be true or false')
    if (filter.tags.length > 0) {
      invalidArgument('ExpiredObjectDeleteMarker cannot be specified with a Tag filter.')
    }
    return { expiredObjectDeleteMarker: marker === 'true' }
  }
  if (days !== undefined) return { days: positive(days, "'Days' for Expiration action") }
  return { date: midnight(date!) }
}

function parseFilter(value: XmlValue | XmlValue[] | undefined): LifecycleFilter {
  if (value === undefined) return { form: 'none', prefix: '', tags: [] }
  const filter = element(value, 'Filter')
  const names = Object.keys(filter)
  if (names.length === 0) return { form: 'none', prefix: '', tags: [] }
  const sizeOnly = names.every((n) => n === 'ObjectSizeGreaterThan' || n === 'ObjectSizeLessThan')
  if (names.length > 1 && !sizeOnly) {
    malformed('a Filter holds one condition; use And to combine Prefix, Tag and object sizes')
  }
  if (filter.And !== undefined) {
    const and = element(filter.And, 'And')
    for (const name of Object.keys(and)) {
      if (!['Prefix', 'Tag', 'ObjectSizeGreaterThan', 'ObjectSizeLessThan'].includes(name)) {
        malformed(`<${name}> is not an element of And`)
      }
    }
    return sizes(and, { form: 'and', prefix: text(and, 'Prefix') ?? '', tags: readTags(and.Tag) })
  }
  if (filter.Prefix !== undefined) return { form: 'prefix', prefix: text(filter, 'Prefix') ?? '', tags: [] }
  if (filter.Tag !== undefined) {
    const tags = readTags(filter.Tag)
    if (tags.length !== 1) malformed('a Filter holds one Tag; use And for several')
    return { form: 'tag', prefix: '', tags }
  }
  if (sizeOnly) return sizes(filter, { form: 'size', prefix: '', tags: [] })
  return malformed(`<${names[0]}> is not an element of Filter`)
}

function sizes(from: XmlElement, filter: LifecycleFilter): LifecycleFilter {
  const greater = text(from, 'ObjectSizeGreaterThan')
  const less = text(from, 'ObjectSizeLessThan')
  if (greater !== undefined) filter.sizeGreaterThan = whole(greater, 'ObjectSizeGreaterThan')
  if (less !== undefined) filter.sizeLessThan = whole(less, 'ObjectSizeLessThan')
  if (
    filter.sizeGreaterThan !== undefined &&
    filter.sizeLessThan !== undefined &&
    filter.sizeGreaterThan >= filter.sizeLessThan
  ) {
    invalidArgument('ObjectSizeGreaterThan must be less than ObjectSizeLessThan.')
  }
  return filter
}

function readTags(value: XmlValue | XmlValue[] | undefined): Tag[] {
  const list = (value ?? []) as XmlValue[]
  const tags = list.map((v) => {
    const tag = element(v, 'Tag')
    const key = text(tag, 'Key')
    if (key === undefined) malformed('a Tag needs a Key')
    return { key, value: text(tag, 'Value') ?? '' }
  })
  checkTags(tags, 'object')
  return tags
}

function positive(value: string, what: string): number {
  const trimmed = value.trim()
  if (!/^-?\d+$/.test(trimmed)) malformed(`${what} must be a whole number`)
  const n = Number(trimmed)
  if (n <= 0 || n > MAX_DAYS) invalidArgument(`${what} must be a positive integer`)
  return n
}

function whole(value: string, what: string): number {
  const trimmed = value.trim()
  if (!/^\d+$/.test(trimmed) || !Number.isSafeInteger(Number(trimmed))) {
    invalidArgument(`${what} must be a non-negative whole number of bytes.`)
  }
  return Number(trimmed)
}

// S3 takes an ISO 8601 date, and only midnight UTC ("'Date' must be at midnight GMT").
function midnight(value: string): string {
  const trimmed = value.trim()
  const date = /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(trimmed)
    ? new Date(/T/.test(trimmed) && !/(Z|[+-]\d{2}:?\d{2})$/.test(trimmed) ? `${trimmed}Z` : trimmed)
    : new Date(Number.NaN)
  if (Number.isNaN(date.getTime())) invalidArgument(`'Date' "${value.slice(0, 64)}" is not an ISO 8601 date`)
  if (date.getTime() % 86_400_000 !== 0) invalidArgument("'Date' must be at midnight GMT")
  return date.toISOString()
}

/**
 * The rules as GetBucketLifecycleConfiguration answers them, each filter in the shape it was
 * given.
 *
 * @example renderLifecycleConfiguration(rules)
 */
export function renderLifecycleConfiguration(rules: readonly LifecycleRule[]): string {
  const Rule = rules.map((rule) => ({
    ID: rule.id,
    ...renderFilter(rule.filter),
    Status: rule.enabled ? 'Enabled' : 'Disabled',
    ...(rule.expiration ? { Expiration: renderExpiration(rule.expiration) } : {}),
    ...(rule.noncurrentExpiration
      ? {
          NoncurrentVersionExpiration: {
            NoncurrentDays: rule.noncurrentExpiration.noncurrentDays,
            ...(rule.noncurrentExpiration.newerNoncurrentVersions === undefined
              ? {}
              : { NewerNoncurrentVersions: rule.noncurrentExpiration.newerNoncurrentVersions }),
          },
        }
      : {}),
    ...(rule.abortIncompleteDays === undefined
      ? {}
      : { AbortIncompleteMultipartUpload: { DaysAfterInitiation: rule.abortIncompleteDays } }),
  }))
  return renderXml('LifecycleConfiguration', { Rule })
}

function renderExpiration(exp: NonNullable<LifecycleRule['expiration']>): Record<string, unknown> {
  if (exp.days !== undefined) return { Days: exp.days }
  if (exp.date !== undefined) return { Date: exp.date }
  return { ExpiredObjectDeleteMarker: exp.expiredObjectDeleteMarker ? 'true' : 'false' }
}

function renderFilter(filter: LifecycleFilter): Record<string, unknown> {
  const tag = (t: Tag) => ({ Key: t.key, Value: t.value })
  const size = {
    ...(filter.sizeGreaterThan === undefined ? {} : { ObjectSizeGreaterThan: filter.sizeGreaterThan }),
    ...(filter.sizeLessThan === undefined ? {} : { ObjectSizeLessThan: filter.sizeLessThan }),
  }
  switch (filter.form) {
    case 'legacy-prefix':
      return { Prefix: filter.prefix }
    case 'none':
      return { Filter: {} }
    case 'prefix':
      return { Filter: { Prefix: filter.prefix } }
    case 'tag':
      return { Filter: { Tag: filter.tags.map(tag) } }
    case 'size':
      return { Filter: size }
    case 'and':
      return {
        Filter: {
          And: {
            ...(filter.prefix ? { Prefix: filter.prefix } : {}),
            ...(filter.tags.length ? { Tag: filter.tags.map(tag) } : {}),
            ...size,
          },
        },
      }
  }
}

function element(value: XmlValue | XmlValue[], name: string): XmlElement {
  if (Array.isArray(value)) {
    if (value.length !== 1) malformed(`<${name}> may appear once`)
    return element(value[0]!, name)
  }
  if (typeof value === 'string') {
    if (value.trim() !== '') malformed(`<${name}> must hold elements, not text`)
    return Object.create(null) as XmlElement
  }
  return value
}

function text(from: XmlElement, name: string): string | undefined {
  const value = from[name]
  if (value === undefined) return undefined
  if (typeof value !== 'string') malformed(`<${name}> must appear once and hold text`)
  return value
}

function invalidArgument(message: string): never {
  throw new S3ServerError('InvalidArgument', message)
}

function malformed(detail: string): never {
  throw new S3ServerError(
    'MalformedXML',
    `The XML you provided was not well-formed or did not validate against our published schema: ${detail}.`,
  )
}
