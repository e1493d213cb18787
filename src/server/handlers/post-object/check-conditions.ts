/**
 * Enforces a POST policy on the form: not expired, every `eq` / `starts-with` condition met, and
 * every form field covered by a condition (S3: "each form field … must appear in the list of
 * conditions"), so a signed policy cannot be stretched with extra fields. The file size
 * (`content-length-range`) is enforced while the file streams; this returns the range.
 */
import { S3ServerError } from '../../errors.js'
import type { FieldCondition, PostPolicyDocument } from './policy-document.js'

/** Largest object a single POST may store (S3's single-upload limit). */
export const MAX_POST_OBJECT_SIZE = 5 * 1024 ** 3

/** Allowed file sizes in bytes. */
export interface SizeRange {
  min: number
  max: number
}

// Fields the policy need not mention (S3 "Creating a POST policy", "Conditions"; a Signature
// Version 2 form signs with `AWSAccessKeyId` and `signature` instead of `x-amz-signature`).
const EXEMPT = new Set(['policy', 'x-amz-signature', 'file', 'awsaccesskeyid', 'signature'])

/**
 * Checks `policy` against `fields` (lower-case names; `bucket` and the final `key` included) at
 * time `now`; throws AccessDenied naming the failed condition.
 * @example
 * const { min, max } = checkPostConditions(policy, fields, Date.now())
 */
export function checkPostConditions(
  policy: PostPolicyDocument,
  fields: ReadonlyMap<string, string>,
  now: number,
): SizeRange {
  if (now > policy.expiration) throw denied('Policy expired')
  const range: SizeRange = { min: 0, max: MAX_POST_OBJECT_SIZE }
  const covered = new Set<string>()
  for (const condition of policy.conditions) {
    if (condition.kind === 'content-length-range') {
      range.min = Math.max(range.min, condition.min)
      range.max = Math.min(range.max, condition.max)
      continue
    }
    covered.add(condition.field)
    if (!holds(condition, fields.get(condition.field) ?? '')) {
      throw denied(
        `Policy Condition failed: ["${condition.kind}", "$${condition.field}", "${condition.value}"]`,
      )
    }
  }
  const extra = [...fields.keys()].filter(
    (name) => !covered.has(name) && !EXEMPT.has(name) && !name.startsWith('x-ignore-') && name !== 'bucket',
  )
  if (extra.length > 0) throw denied(`Extra input fields: ${extra.join(', ')}`)
  return range
}

function holds(condition: Exclude<FieldCondition, { kind: 'content-length-range' }>, value: string): boolean {
  return condition.kind === 'eq' ? value === condition.value : value.startsWith(condition.value)
}

function denied(why: string): S3ServerError {
  return new S3ServerError('AccessDenied', `Invalid according to Policy: ${why}.`)
}
