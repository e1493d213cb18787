/**
 * The POST policy document: base64 JSON `{ expiration, conditions }` (S3 "Creating a POST
 * policy"). Parsed into checks on form fields; anything malformed is InvalidPolicyDocument.
 */
import { S3ServerError } from '../../errors.js'

/** One condition on a form field (lower-case name, without `$`). */
export type FieldCondition =
  | { kind: 'eq'; field: string; value: string }
  | { kind: 'starts-with'; field: string; value: string }
  | { kind: 'content-length-range'; min: number; max: number }

/** A decoded policy. */
export interface PostPolicyDocument {
  /** Epoch milliseconds. */
  expiration: number
  conditions: FieldCondition[]
}

/**
 * Decodes and validates the `policy` form field.
 * @example
 * parsePostPolicy(btoa('{"expiration":"2030-01-01T00:00:00Z","conditions":[{"bucket":"b"}]}'))
 */
export function parsePostPolicy(base64: string): PostPolicyDocument {
  let doc: unknown
  try {
    doc = JSON.parse(Buffer.from(base64, 'base64').toString('utf8'))
  } catch {
    throw invalid('the policy field is not base64-encoded JSON')
  }
  if (typeof doc !== 'object' || doc === null) throw invalid('the policy is not a JSON object')
  const { expiration, conditions } = doc as { expiration?: unknown; conditions?: unknown }
  const expires = typeof expiration === 'string' ? Date.parse(expiration) : Number.NaN
  if (Number.isNaN(expires))
    throw invalid(`'expiration' must be an ISO 8601 date, got ${JSON.stringify(expiration)}`)
  if (!Array.isArray(conditions)) throw invalid("'conditions' must be an array")
  return { expiration: expires, conditions: conditions.flatMap(parseCondition) }
}

function parseCondition(condition: unknown): FieldCondition[] {
  if (Array.isArray(condition)) return [parseArrayCondition(condition)]
  if (typeof condition === 'object' && condition !== null) {
    // { "bucket": "photos" } is shorthand for ["eq", "$bucket", "photos"].
    return Object.entries(condition).map(([field, value]) => {
      if (typeof value !== 'string') throw invalid(`condition {"${field}": …} must have a string value`)
      return { kind: 'eq' as const, field: field.toLowerCase(), value }
    })
  }
  throw invalid(`condition ${JSON.stringify(condition)} is neither an array nor an object`)
}

function parseArrayCondition(condition: unknown[]): FieldCondition {
  const [op, a, b] = condition
  const operator = typeof op === 'string' ? op.toLowerCase() : op
  if (operator === 'content-length-range') {
    const min = Number(a)
    const max = Number(b)
    if (
      condition.length !== 3 ||
      !Number.isSafeInteger(min) ||
      !Number.isSafeInteger(max) ||
      min < 0 ||
      min > max
    ) {
      throw invalid(`content-length-range needs 0 ≤ min ≤ max, got ${JSON.stringify(condition)}`)
    }
    return { kind: 'content-length-range', min, max }
  }
  if (operator !== 'eq' && operator !== 'starts-with') {
    throw invalid(`unknown condition operator ${JSON.stringify(op)} (eq, starts-with, content-length-range)`)
  }
  if (condition.length !== 3 || typeof a !== 'string' || !a.startsWith('$') || typeof b !== 'string') {
    throw invalid(`condition ${JSON.stringify(condition)} must be ["${operator}", "$field", "value"]`)
  }
  return { kind: operator, field: a.slice(1).toLowerCase(), value: b }
}

function invalid(why: string): S3ServerError {
  return new S3ServerError('InvalidPolicyDocument', `Invalid Policy: ${why}.`)
}
