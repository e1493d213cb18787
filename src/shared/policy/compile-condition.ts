import {
  CONDITION_KEY_NAMES,
  type ConditionKey,
  canonicalConditionKey,
  conditionKeyType,
  TAG_KEY_PREFIXES,
} from './condition-keys.js'
import { BASE_OPERATORS, type BaseOperator } from './condition-operators.js'
import type { JsonValue } from './json-parse.js'
import { failAt } from './policy-error.js'
import { describe, expectObject } from './shape.js'
import { suggest } from './suggest.js'
import type { ConditionTest, ConditionValues } from './types.js'

type Qualifier = 'ForAnyValue' | 'ForAllValues' | undefined

interface ParsedOperator {
  readonly name: string
  readonly qualifier: Qualifier
  readonly ifExists: boolean
  /** undefined for `Null`. */
  readonly base: BaseOperator | undefined
}

/**
 * Validates a statement's `Condition` block and compiles it into tests, one per operator and
 * key; the statement applies only when every test passes (AWS: operators and keys are ANDed,
 * the values of one key are ORed).
 */
export function compileConditions(value: JsonValue | undefined, path: string): ConditionTest[] {
  if (value === undefined) return []
  const block = expectObject(value, path, 'an object of condition operators')
  const tests: ConditionTest[] = []
  for (const [operatorName, body] of Object.entries(block)) {
    const operator = parseOperator(operatorName, path)
    const opPath = `${path}.${operatorName}`
    const keys = expectObject(body, opPath, 'an object of condition keys')
    if (Object.keys(keys).length === 0) failAt(opPath, 'must name at least one condition key')
    for (const [keyName, values] of Object.entries(keys)) {
      const keyPath = `${opPath}[${JSON.stringify(keyName)}]`
      const key = canonicalConditionKey(keyName)
      if (key === undefined) {
        failAt(opPath, `unknown condition key ${JSON.stringify(keyName)}${hintFor(keyName)}`)
      }
      tests.push(compileTest(operator, key, readValues(values, keyPath), keyPath))
    }
  }
  return tests
}

/** A tag key prefix written without its tag key gets the form to write; else the closest key. */
function hintFor(keyName: string): string {
  const lower = keyName.toLowerCase().replace(/\/$/, '')
  const prefix = TAG_KEY_PREFIXES.find((p) => p.slice(0, -1).toLowerCase() === lower)
  return prefix === undefined ? suggest(keyName, CONDITION_KEY_NAMES) : ` (write "${prefix}<tag key>")`
}

function parseOperator(name: string, path: string): ParsedOperator {
  const colon = name.indexOf(':')
  const qualifierName = colon === -1 ? undefined : name.slice(0, colon)
  if (qualifierName !== undefined && qualifierName !== 'ForAnyValue' && qualifierName !== 'ForAllValues') {
    failAt(path, `unknown set qualifier "${qualifierName}:" (use "ForAnyValue:" or "ForAllValues:")`)
  }
  const unqualified = name.slice(colon + 1)
  const ifExists = unqualified.endsWith('IfExists')
  const baseName = ifExists ? unqualified.slice(0, -'IfExists'.length) : unqualified
  if (baseName === 'Null') {
    if (ifExists || qualifierName !== undefined)
      failAt(path, `"${name}": Null takes no qualifier or IfExists`)
    return { name, qualifier: undefined, ifExists: false, base: undefined }
  }
  const base = Object.hasOwn(BASE_OPERATORS, baseName) ? BASE_OPERATORS[baseName] : undefined
  if (base === undefined) {
    const known = [...Object.keys(BASE_OPERATORS), 'Null']
    failAt(path, `unknown condition operator ${JSON.stringify(name)}${suggest(baseName, known)}`)
  }
  return { name, qualifier: qualifierName, ifExists, base }
}

/** A key's policy values as strings: a scalar or a non-empty array of scalars. */
function readValues(value: JsonValue | undefined, path: string): string[] {
  const list = Array.isArray(value) ? value : [value]
  if (list.length === 0) failAt(path, 'must not be an empty array')
  return list.map((v, i) => {
    if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return String(v)
    return failAt(
      Array.isArray(value) ? `${path}[${i}]` : path,
      `must be a string, number or boolean, got ${describe(v)}`,
    )
  })
}

function compileTest(
  operator: ParsedOperator,
  key: ConditionKey,
  values: string[],
  path: string,
): ConditionTest {
  if (operator.base === undefined) return compileNull(key, values, path)
  const { family, negated } = operator.base
  if (family.keyType !== undefined && conditionKeyType(key) !== family.keyType) {
    failAt(path, `operator ${operator.name} needs an IP address key such as aws:SourceIp, not ${key}`)
  }
  const prepared = values.map((v, i) => family.prepare(v, values.length > 1 ? `${path}[${i}]` : path))
  const matchAny =
    prepared.length === 1
      ? (r: string) => family.match(r, prepared[0])
      : (r: string) => prepared.some((p) => family.match(r, p))
  return createSetTest(key, operator.qualifier, operator.ifExists, negated, matchAny)
}

/**
 * The AWS rules for absent keys and multi-valued keys. Absent: IfExists → true; ForAllValues →
 * true; ForAnyValue → false; otherwise a negated operator is true and a positive one false.
 */
function createSetTest(
  key: ConditionKey,
  qualifier: Qualifier,
  ifExists: boolean,
  negated: boolean,
  matchAny: (value: string) => boolean,
): ConditionTest {
  return (conditions: ConditionValues) => {
    const value = conditions[key]
    if (value === undefined || (typeof value !== 'string' && value.length === 0)) {
      if (ifExists || qualifier === 'ForAllValues') return true
      return qualifier === 'ForAnyValue' ? false : negated
    }
    if (typeof value === 'string') return matchAny(value) !== negated
    if (qualifier === 'ForAllValues') return value.every((v) => matchAny(v) !== negated)
    if (qualifier === 'ForAnyValue') return value.some((v) => matchAny(v) !== negated)
    return value.some(matchAny) !== negated
  }
}

function compileNull(key: ConditionKey, values: string[], path: string): ConditionTest {
  const wanted = values.map((v, i) => {
    const lower = v.toLowerCase()
    if (lower !== 'true' && lower !== 'false') {
      failAt(values.length > 1 ? `${path}[${i}]` : path, `Null value must be "true" or "false", got "${v}"`)
    }
    return lower === 'true'
  })
  return (conditions) => {
    const value = conditions[key]
    const absent = value === undefined || (typeof value !== 'string' && value.length === 0)
    return wanted.includes(absent)
  }
}
