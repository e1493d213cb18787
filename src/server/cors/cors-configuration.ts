/**
 * A bucket's CORS configuration (`PUT /bucket?cors`): S3's `CORSConfiguration` document read
 * into rules, checked as S3 checks it, and written back as XML for GetBucketCors.
 */
import type { XmlElement, XmlValue } from '../body/parse-xml-body.js'
import { S3ServerError } from '../errors.js'
import { renderXml } from '../response/xml.js'

/** One `CORSRule`, as stored. */
export interface CorsRule {
  id?: string
  allowedOrigins: string[]
  allowedMethods: string[]
  allowedHeaders: string[]
  exposeHeaders: string[]
  maxAgeSeconds?: number
}

/** S3's limits: at most 100 rules, in a document of at most 64 KiB. */
const MAX_CORS_RULES = 100
/** Largest CORSConfiguration document, in bytes (S3: 64 KB). */
export const MAX_CORS_BYTES = 64 * 1024

/** The methods a rule may allow (S3 refuses any other, OPTIONS included). */
const METHODS = new Set(['GET', 'PUT', 'POST', 'DELETE', 'HEAD'])
const RULE_FIELDS = new Set([
  'ID',
  'AllowedOrigin',
  'AllowedMethod',
  'AllowedHeader',
  'ExposeHeader',
  'MaxAgeSeconds',
])
const MAX_ID = 255
// An HTTP field name (RFC 9110 token).
const HEADER_NAME = /^[!#$%&'+.^_`|~0-9A-Za-z-]+$/

/** The elements of a CORSConfiguration that may repeat (always arrays once parsed). */
export const CORS_REPEATED = new Set([
  'CORSRule',
  'AllowedOrigin',
  'AllowedMethod',
  'AllowedHeader',
  'ExposeHeader',
])

/**
 * Reads the content of a parsed `CORSConfiguration` into rules: MalformedXML for a document
 * S3's schema refuses (no rule, a rule without origin or method, an unknown element, a
 * MaxAgeSeconds that is not a whole number), InvalidRequest for what S3 refuses by rule (an
 * unsupported method, two wildcards in an origin or header, a wildcard in ExposeHeader, more
 * than 100 rules).
 *
 * @example parseCorsConfiguration({ CORSRule: [{ AllowedOrigin: ['*'], AllowedMethod: ['GET'] }] })
 */
export function parseCorsConfiguration(content: XmlElement): CorsRule[] {
  for (const name of Object.keys(content)) {
    if (name !== 'CORSRule') malformed(`<${name}> is not an element of CORSConfiguration`)
  }
  const rules = (content.CORSRule ?? []) as XmlValue[]
  if (rules.length === 0) malformed('a CORSConfiguration needs at least one CORSRule')
  if (rules.length > MAX_CORS_RULES) {
    throw new S3ServerError(
      'InvalidRequest',
      `A CORS configuration may hold at most ${MAX_CORS_RULES} rules; this one has ${rules.length}.`,
    )
  }
  return rules.map(parseRule)
}

function parseRule(value: XmlValue): CorsRule {
  if (typeof value === 'string') malformed('a CORSRule needs AllowedOrigin and AllowedMethod')
  for (const name of Object.keys(value)) {
    if (!RULE_FIELDS.has(name)) malformed(`<${name}> is not an element of CORSRule`)
  }
  const rule: CorsRule = {
    allowedOrigins: texts(value, 'AllowedOrigin'),
    allowedMethods: texts(value, 'AllowedMethod'),
    allowedHeaders: texts(value, 'AllowedHeader'),
    exposeHeaders: texts(value, 'ExposeHeader'),
  }
  if (rule.allowedOrigins.length === 0) malformed('a CORSRule needs at least one AllowedOrigin')
  if (rule.allowedMethods.length === 0) malformed('a CORSRule needs at least one AllowedMethod')
  for (const method of rule.allowedMethods) {
    if (!METHODS.has(method)) {
      throw new S3ServerError(
        'InvalidRequest',
        `Found unsupported HTTP method in CORS config. Unsupported method is ${method}`,
      )
    }
  }
  checkOneWildcard('AllowedOrigin', rule.allowedOrigins)
  checkOneWildcard('AllowedHeader', rule.allowedHeaders)
  for (const header of rule.exposeHeaders) {
    if (header.includes('*')) {
      throw new S3ServerError(
        'InvalidRequest',
        `ExposeHeader "${header}" contains wildcard. We currently do not support wildcard for ExposeHeader.`,
      )
    }
    // Sent back in Access-Control-Expose-Headers: a name with a line break or a space would make
    // every browser request to the bucket fail (Node refuses such a header value).
    if (!HEADER_NAME.test(header)) {
      throw new S3ServerError('InvalidRequest', `ExposeHeader "${header}" is not a valid HTTP header name.`)
    }
  }
  const id = text(value, 'ID')
  if (id !== undefined) {
    if (id.length > MAX_ID) {
      throw new S3ServerError('InvalidArgument', `The ID of a CORSRule may be at most ${MAX_ID} characters.`)
    }
    rule.id = id
  }
  const maxAge = text(value, 'MaxAgeSeconds')
  if (maxAge !== undefined) {
    if (!/^\d{1,9}$/.test(maxAge.trim()))
      malformed(`MaxAgeSeconds "${maxAge}" is not a whole number of seconds`)
    rule.maxAgeSeconds = Number(maxAge.trim())
  }
  return rule
}

function checkOneWildcard(field: string, values: string[]): void {
  for (const value of values) {
    if (value.indexOf('*') !== value.lastIndexOf('*')) {
      throw new S3ServerError('InvalidRequest', `${field} "${value}" can not have more than one wildcard.`)
    }
  }
}

/** The texts of a repeated element (an element with children is malformed here). */
function texts(rule: XmlElement, name: string): string[] {
  const values = (rule[name] ?? []) as XmlValue[]
  return values.map((v) => {
    if (typeof v !== 'string') malformed(`<${name}> must hold text`)
    return v
  })
}

function text(rule: XmlElement, name: string): string | undefined {
  const value = rule[name]
  if (value === undefined) return undefined
  if (typeof value !== 'string') malformed(`<${name}> must appear once and hold text`)
  return value
}

/**
 * The rules as GetBucketCors answers them: a `CORSConfiguration` in S3's element order.
 * @example renderCorsConfiguration([{ allowedOrigins: ['*'], allowedMethods: ['GET'], allowedHeaders: [], exposeHeaders: [] }])
 */
export function renderCorsConfiguration(rules: CorsRule[]): string {
  const CORSRule = rules.map((rule) => ({
    ...(rule.id === undefined ? {} : { ID: rule.id }),
    ...(rule.allowedHeaders.length ? { AllowedHeader: rule.allowedHeaders } : {}),
    AllowedMethod: rule.allowedMethods,
    AllowedOrigin: rule.allowedOrigins,
    ...(rule.exposeHeaders.length ? { ExposeHeader: rule.exposeHeaders } : {}),
    ...(rule.maxAgeSeconds === undefined ? {} : { MaxAgeSeconds: rule.maxAgeSeconds }),
  }))
  return renderXml('CORSConfiguration', { CORSRule })
}

function malformed(detail: string): never {
  throw new S3ServerError(
    'MalformedXML',
    `The XML you provided was not well-formed or did not validate: ${detail}.`,
  )
}
