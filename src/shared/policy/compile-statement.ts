import type { S3Action } from './actions.js'
import { compileActions } from './compile-actions.js'
import { compileConditions } from './compile-condition.js'
import { compilePrincipal } from './compile-principal.js'
import { compileResources, type ResourceContext } from './compile-resource.js'
import type { JsonObject, JsonValue } from './json-parse.js'
import { failAt } from './policy-error.js'
import { describe, expectObject, readStringList, rejectUnknownFields } from './shape.js'
import type { CompiledStatement } from './types.js'

const STATEMENT_FIELDS = [
  'Sid',
  'Effect',
  'Principal',
  'NotPrincipal',
  'Action',
  'NotAction',
  'Resource',
  'NotResource',
  'Condition',
] as const

/** A validated statement: what it does, the actions it covers, and its Sid. */
export interface StatementResult {
  readonly statement: CompiledStatement
  readonly actions: ReadonlySet<S3Action>
  readonly sid: string | undefined
}

/** Validates one statement at `path` (e.g. `Statement[2]`) and compiles it. */
export function compileStatement(value: JsonValue, path: string, context: ResourceContext): StatementResult {
  const raw = expectObject(value, path, 'a statement object')
  rejectUnknownFields(raw, STATEMENT_FIELDS, path)
  const sid = readSid(raw, path)
  const effect = raw.Effect
  if (effect !== 'Allow' && effect !== 'Deny') {
    failAt(`${path}.Effect`, `must be "Allow" or "Deny", got ${describe(effect)}`)
  }
  const principals = readPrincipals(raw, path, context)
  const [actionField, actionEntries] = pickOne(raw, path, 'Action', 'NotAction')
  const actions = compileActions(
    readStringList(actionEntries, `${path}.${actionField}`),
    actionField === 'NotAction',
  )
  const [resourceField, resourceEntries] = pickOne(raw, path, 'Resource', 'NotResource')
  const resourceList = readStringList(resourceEntries, `${path}.${resourceField}`)
  const resource = compileResources(resourceList, resourceField === 'NotResource', context)
  const conditions = compileConditions(raw.Condition, `${path}.Condition`)
  return { statement: { effect, principals, resource, conditions }, actions, sid }
}

function readSid(raw: JsonObject, path: string): string | undefined {
  const sid = raw.Sid
  if (sid === undefined) return undefined
  return typeof sid === 'string' ? sid : failAt(`${path}.Sid`, `must be a string, got ${describe(sid)}`)
}

function readPrincipals(raw: JsonObject, path: string, context: ResourceContext): Set<string> | null {
  if (raw.NotPrincipal !== undefined) {
    failAt(
      `${path}.NotPrincipal`,
      'is not supported; use Principal, with a Deny statement to exclude callers',
    )
  }
  if (context.kind === 'iam') {
    if (raw.Principal !== undefined) {
      failAt(
        `${path}.Principal`,
        'is not allowed in an IAM policy: it applies to the users it is attached to',
      )
    }
    return null
  }
  if (raw.Principal === undefined) failAt(path, 'a bucket policy statement must have a Principal')
  return compilePrincipal(raw.Principal, `${path}.Principal`)
}

/** Exactly one of two alternative fields (Action/NotAction, Resource/NotResource). */
function pickOne(raw: JsonObject, path: string, field: string, notField: string): [string, JsonValue] {
  const value = raw[field]
  const notValue = raw[notField]
  if (value !== undefined && notValue !== undefined)
    failAt(path, `has both ${field} and ${notField}; use one`)
  if (value !== undefined) return [field, value]
  if (notValue !== undefined) return [notField, notValue]
  return failAt(path, `must have ${field} or ${notField}`)
}
