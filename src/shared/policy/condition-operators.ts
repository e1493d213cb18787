import { type IpNetwork, isInNetwork, parseCidr, parseIpAddress } from './ip-address.js'
import { failAt } from './policy-error.js'
import { compileWildcard, type StringMatcher } from './wildcard.js'

/**
 * One comparison family: `prepare` validates and pre-computes a policy value (throwing a
 * PolicyError naming `path`), `match` compares a request value with it. Negated operators
 * (StringNotEquals...) reuse the positive family.
 */
export interface OperatorFamily<P = unknown> {
  readonly prepare: (value: string, path: string) => P
  readonly match: (requestValue: string, prepared: P) => boolean
  /** Only keys of this type may use the family (IpAddress needs an IP key). */
  readonly keyType?: 'ip'
}

/** A base operator (no ForAnyValue:/ForAllValues: qualifier, no IfExists suffix). */
export interface BaseOperator {
  readonly family: OperatorFamily
  readonly negated: boolean
}

const family = <P>(f: OperatorFamily<P>): OperatorFamily => f as OperatorFamily

const exact = family<string>({ prepare: (v) => v, match: (r, p) => r === p })
const folded = family<string>({ prepare: (v) => v.toLowerCase(), match: (r, p) => r.toLowerCase() === p })
const like = family<StringMatcher>({ prepare: (v) => compileWildcard(v), match: (r, p) => p(r) })

const numeric = (compare: (a: number, b: number) => boolean) =>
  family<number>({
    prepare: (v, path) => parseNumberOrFail(v, path),
    match: (r, p) => compare(parseNumber(r), p),
  })
const date = (compare: (a: number, b: number) => boolean) =>
  family<number>({
    prepare: (v, path) => parseDateOrFail(v, path),
    match: (r, p) => compare(parseDate(r), p),
  })

const bool = family<boolean>({
  prepare: (v, path) => {
    const lower = v.toLowerCase()
    if (lower !== 'true' && lower !== 'false')
      failAt(path, `Bool value must be "true" or "false", got "${v}"`)
    return lower === 'true'
  },
  match: (r, p) => r.toLowerCase() === String(p),
})

const binary = family<string>({
  prepare: (v, path) => {
    if (!/^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/.test(v)) {
      failAt(path, `BinaryEquals value must be base64, got "${v}"`)
    }
    return atob(v)
  },
  match: (r, p) => String.fromCharCode(...new TextEncoder().encode(r)) === p,
})

const ip = family<IpNetwork>({
  prepare: (v, path) => parseCidr(v) ?? failAt(path, `"${v}" is not an IPv4 or IPv6 address or CIDR block`),
  match: (r, p) => {
    const address = parseIpAddress(r)
    return address !== undefined && isInNetwork(address, p)
  },
  keyType: 'ip',
})

const eq = (a: number, b: number) => a === b
const lt = (a: number, b: number) => a < b
const lte = (a: number, b: number) => a <= b
const gt = (a: number, b: number) => a > b
const gte = (a: number, b: number) => a >= b

const op = (f: OperatorFamily, negated = false): BaseOperator => ({ family: f, negated })

/** The condition operators Silo supports, except `Null`, which tests presence only. */
export const BASE_OPERATORS: Readonly<Record<string, BaseOperator>> = {
  StringEquals: op(exact),
  StringNotEquals: op(exact, true),
  StringEqualsIgnoreCase: op(folded),
  StringNotEqualsIgnoreCase: op(folded, true),
  StringLike: op(like),
  StringNotLike: op(like, true),
  NumericEquals: op(numeric(eq)),
  NumericNotEquals: op(numeric(eq), true),
  NumericLessThan: op(numeric(lt)),
  NumericLessThanEquals: op(numeric(lte)),
  NumericGreaterThan: op(numeric(gt)),
  NumericGreaterThanEquals: op(numeric(gte)),
  DateEquals: op(date(eq)),
  DateNotEquals: op(date(eq), true),
  DateLessThan: op(date(lt)),
  DateLessThanEquals: op(date(lte)),
  DateGreaterThan: op(date(gt)),
  DateGreaterThanEquals: op(date(gte)),
  Bool: op(bool),
  BinaryEquals: op(binary),
  BinaryNotEquals: op(binary, true),
  IpAddress: op(ip),
  NotIpAddress: op(ip, true),
}

const NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/
const ISO_DATE = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})?)?$/

function parseNumber(text: string): number {
  return NUMBER.test(text) ? Number(text) : Number.NaN
}

function parseNumberOrFail(text: string, path: string): number {
  const n = parseNumber(text)
  return Number.isNaN(n) ? failAt(path, `"${text}" is not a number`) : n
}

/** Milliseconds since the epoch, from an ISO 8601 date/time or whole epoch seconds; NaN otherwise. */
export function parseDate(text: string): number {
  if (/^\d+$/.test(text)) return Number(text) * 1000
  if (!ISO_DATE.test(text)) return Number.NaN
  // A time without a zone is UTC here; Date.parse would read it as local time.
  const zoned = text.includes('T') && !/(?:Z|[+-]\d{2}:\d{2})$/.test(text) ? `${text}Z` : text
  return Date.parse(zoned)
}

function parseDateOrFail(text: string, path: string): number {
  const ms = parseDate(text)
  return Number.isNaN(ms) ? failAt(path, `"${text}" is not an ISO 8601 date or epoch seconds`) : ms
}
