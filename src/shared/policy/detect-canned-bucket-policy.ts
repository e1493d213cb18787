import { canonicalAction } from './actions.js'
import { type CannedBucketPolicy, cannedBucketPolicyDocument } from './canned-bucket.js'
import type { OneOrMany, PolicyDocument, PolicyStatement } from './types.js'

const CANDIDATES = ['readonly', 'writeonly', 'readwrite'] as const

/**
 * Which canned bucket policy a stored policy is, for `bucket` and `prefix`: `none` when there
 * is no policy or no statement, `custom` when it grants anything else. The comparison is by
 * meaning, not by text: statement order and grouping, Sid, Version, string-vs-array forms,
 * action case and the spellings of "everyone" (`"*"`, `{"AWS":"*"}`, `{"AWS":["*"]}`) do not
 * matter.
 *
 * @example detectCannedBucketPolicy(cannedBucketPolicy('readonly', 'b'), 'b') // 'readonly'
 */
export function detectCannedBucketPolicy(
  policy: string | PolicyDocument | null | undefined,
  bucket: string,
  prefix = '',
): CannedBucketPolicy | 'custom' {
  const document = typeof policy === 'string' ? (policy.trim() === '' ? null : JSON.parse(policy)) : policy
  if (document === null || document === undefined) return 'none'
  const grants = grantsOf(document)
  if (grants === undefined) return 'custom'
  if (grants.size === 0) return 'none'
  for (const name of CANDIDATES) {
    const canned = grantsOf(cannedBucketPolicyDocument(name, bucket, prefix)!)!
    if (canned.size === grants.size && [...canned].every((g) => grants.has(g))) return name
  }
  return 'custom'
}

/** Every (effect, principal, action, resource, condition) a document grants, as strings; undefined if it uses Not* forms. */
function grantsOf(document: PolicyDocument): Set<string> | undefined {
  const grants = new Set<string>()
  for (const s of list(document.Statement)) {
    if (s.Action === undefined || s.Resource === undefined || 'NotPrincipal' in s) return undefined
    const condition = canonicalCondition(s.Condition)
    for (const principal of principalsOf(s)) {
      for (const action of list(s.Action)) {
        for (const resource of list(s.Resource)) {
          const name = canonicalAction(action) ?? action.toLowerCase()
          grants.add(JSON.stringify([s.Effect, principal, name, resource, condition]))
        }
      }
    }
  }
  return grants
}

function principalsOf(s: PolicyStatement): readonly string[] {
  if (s.Principal === undefined || s.Principal === '*') return ['*']
  return list(s.Principal.AWS)
}

function canonicalCondition(condition: PolicyStatement['Condition']): string {
  if (condition === undefined) return ''
  const operators = Object.keys(condition).sort()
  return JSON.stringify(
    operators.map((op) => {
      const keys = condition[op]!
      const entries = Object.keys(keys).map((k) => [k.toLowerCase(), list(keys[k]!).map(String).sort()])
      return [op, entries.sort((a, b) => String(a[0]).localeCompare(String(b[0])))]
    }),
  )
}

function list<T>(value: OneOrMany<T>): readonly T[] {
  return Array.isArray(value) ? value : [value as T]
}
