import { canonicalAction, S3_ACTIONS } from './actions.js'
import { S3_ARN_PREFIX } from './compile-resource.js'
import type { CompiledPolicy, CompiledStatement, ConditionValues, Decision, PolicyRequest } from './types.js'

const NO_CONDITIONS: ConditionValues = Object.freeze({})
const SERVICE_RESOURCE = `${S3_ARN_PREFIX}*`

/**
 * Decides a request against policies compiled by `parsePolicy` (a user's IAM policy, a bucket
 * policy, or both): any matching Deny → `'deny'`; else any matching Allow → `'allow'`; else
 * `'implicit-deny'`. The resource is `arn:aws:s3:::bucket/key` for object actions,
 * `arn:aws:s3:::bucket` for bucket actions and `arn:aws:s3:::*` for ListAllMyBuckets. An
 * action outside the catalogue matches nothing.
 *
 * @example
 * ```ts
 * evaluate([readonly], { action: 's3:GetObject', bucket: 'b', key: 'k', conditions: {} }) // 'allow'
 * ```
 */
export function evaluate(
  policies: CompiledPolicy | readonly CompiledPolicy[],
  request: PolicyRequest,
): Decision {
  const action = canonicalAction(request.action)
  if (action === undefined) return 'implicit-deny'
  const resource = resourceOf(S3_ACTIONS[action], request.bucket, request.key)
  const conditions = request.conditions ?? NO_CONDITIONS
  const principal = request.principal ?? '*'
  let allowed = false
  const list = Array.isArray(policies) ? policies : [policies as CompiledPolicy]
  for (const policy of list) {
    const statements = policy.statementsByAction.get(action)
    if (statements === undefined) continue
    for (const statement of statements) {
      if (!applies(statement, principal, resource, conditions)) continue
      if (statement.effect === 'Deny') return 'deny'
      allowed = true
    }
  }
  return allowed ? 'allow' : 'implicit-deny'
}

/**
 * The ARN an action is checked against.
 *
 * @example resourceOf('object', 'photos', 'a/b.jpg') // 'arn:aws:s3:::photos/a/b.jpg'
 */
export function resourceOf(kind: 'service' | 'bucket' | 'object', bucket?: string, key?: string): string {
  if (kind === 'service') return SERVICE_RESOURCE
  if (kind === 'bucket') return S3_ARN_PREFIX + (bucket ?? '')
  return `${S3_ARN_PREFIX}${bucket ?? ''}/${key ?? ''}`
}

function applies(
  s: CompiledStatement,
  principal: string,
  resource: string,
  conditions: ConditionValues,
): boolean {
  if (s.principals !== null && !s.principals.has('*') && !s.principals.has(principal)) return false
  if (!s.resource(resource, conditions)) return false
  for (const condition of s.conditions) if (!condition(conditions)) return false
  return true
}
