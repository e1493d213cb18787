import type { S3Action } from './actions.js'
import { compileStatement } from './compile-statement.js'
import { type JsonValue, parseJson } from './json-parse.js'
import { failAt, PolicyError } from './policy-error.js'
import { describe, rejectUnknownFields } from './shape.js'
import type { CompiledPolicy, CompiledStatement, PolicyDocument, PolicyKind } from './types.js'

/** Largest accepted document, in UTF-8 bytes, by kind: 20 KiB, S3's bucket-policy limit. */
export const MAX_POLICY_BYTES: Readonly<Record<PolicyKind, number>> = { iam: 20 * 1024, bucket: 20 * 1024 }

const VERSIONS: Readonly<Record<PolicyKind, readonly string[]>> = {
  iam: ['2012-10-17'],
  bucket: ['2012-10-17', '2008-10-17'],
}

/**
 * Validates a policy document and compiles it for {@link evaluate}. `kind` picks the grammar:
 * an IAM policy has no Principal; a bucket policy needs one, and every resource must lie in
 * `bucket` when given. Unknown fields, actions and condition keys are errors.
 *
 * @throws PolicyError naming the bad part, e.g. `Statement[1].Action[0]: unknown action "s3:GetObjects"`
 * @example
 * ```ts
 * const policy = parsePolicy(text, 'bucket', 'photos')
 * evaluate([policy], { action: 's3:GetObject', bucket: 'photos', key: 'a.jpg', principal: '*' })
 * ```
 */
export function parsePolicy(json: string, kind: PolicyKind, bucket?: string): CompiledPolicy {
  checkSize(json, kind)
  const root = parseJson(json)
  if (root === null || typeof root !== 'object' || Array.isArray(root)) {
    failAt('', `the policy must be a JSON object, got ${describe(root)}`)
  }
  rejectUnknownFields(root, ['Version', 'Id', 'ID', 'Statement'], '')
  checkVersion(root.Version, kind)
  const id = root.Id ?? root.ID
  if (id !== undefined && typeof id !== 'string')
    failAt(root.Id === undefined ? 'ID' : 'Id', 'must be a string')
  const context = { kind, bucket, variables: root.Version === '2012-10-17' }
  const byAction = new Map<S3Action, CompiledStatement[]>()
  const sids = new Set<string>()
  for (const [value, path] of statementsOf(root.Statement)) {
    const { statement, actions, sid } = compileStatement(value, path, context)
    if (sid !== undefined && sid !== '') {
      if (sids.has(sid)) failAt(`${path}.Sid`, `duplicate Sid "${sid}"; each statement needs its own`)
      sids.add(sid)
    }
    for (const action of actions) addStatement(byAction, action, statement)
  }
  const document = JSON.parse(json.replace(/^\uFEFF/, '')) as PolicyDocument
  return Object.freeze({ kind, bucket, document, statementsByAction: byAction })
}

function checkSize(json: string, kind: PolicyKind): void {
  const limit = MAX_POLICY_BYTES[kind]
  // Cheap bound first: a UTF-8 string is at most 3 bytes per UTF-16 unit.
  if (json.length * 3 <= limit) return
  const bytes = new TextEncoder().encode(json).length
  if (bytes > limit) {
    const what = kind === 'iam' ? 'an IAM policy' : 'a bucket policy'
    throw new PolicyError(
      'too-large',
      '',
      `the policy is ${bytes} bytes; ${what} may be at most ${limit} bytes`,
    )
  }
}

function checkVersion(version: JsonValue | undefined, kind: PolicyKind): void {
  const allowed = VERSIONS[kind]
  if (version === undefined) failAt('Version', `is required ("${allowed[0]}")`)
  if (typeof version !== 'string' || !allowed.includes(version)) {
    failAt('Version', `must be ${allowed.map((v) => `"${v}"`).join(' or ')}, got ${describe(version)}`)
  }
}

/** Statement entries with their paths: a lone object is `Statement`, array items `Statement[i]`. */
function statementsOf(value: JsonValue | undefined): Array<[JsonValue, string]> {
  if (value === undefined) failAt('Statement', 'is required')
  if (!Array.isArray(value)) return [[value, 'Statement']]
  if (value.length === 0) failAt('Statement', 'must contain at least one statement')
  return value.map((statement, i) => [statement, `Statement[${i}]`])
}

/** Deny statements go first, so evaluation meets a matching Deny as early as possible. */
function addStatement(
  byAction: Map<S3Action, CompiledStatement[]>,
  action: S3Action,
  s: CompiledStatement,
): void {
  const list = byAction.get(action)
  if (list === undefined) byAction.set(action, [s])
  else if (s.effect === 'Deny') list.unshift(s)
  else list.push(s)
}
