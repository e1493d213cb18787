import type { JsonValue } from './json-parse.js'
import { failAt } from './policy-error.js'
import { describe, readStringList } from './shape.js'

const USER_ARN = /^arn:aws:iam::[^:]*:user\/(.+)$/

/**
 * Validates a bucket policy's `Principal` and returns the principals it names: `*` (everyone,
 * anonymous included) or access keys. `{"AWS": "arn:aws:iam::<account>:user/<name>"}` names
 * the Silo user `<name>`; other principal types (Service, Federated, CanonicalUser) are refused.
 *
 * @example compilePrincipal({ AWS: ['*'] }, 'Statement[0].Principal') // Set { '*' }
 */
export function compilePrincipal(value: JsonValue | undefined, path: string): Set<string> {
  if (value === '*') return new Set(['*'])
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return failAt(path, `must be "*" or {"AWS": ...}, got ${describe(value)}`)
  }
  for (const type of Object.keys(value)) {
    if (type !== 'AWS') failAt(path, `unsupported principal type "${type}" (Silo knows only "AWS")`)
  }
  if (value.AWS === undefined) failAt(path, 'must name principals under "AWS"')
  const principals = new Set<string>()
  for (const { value: entry, path: entryPath } of readStringList(value.AWS, `${path}.AWS`)) {
    principals.add(readPrincipal(entry, entryPath))
  }
  return principals
}

function readPrincipal(entry: string, path: string): string {
  if (entry === '*') return entry
  const user = USER_ARN.exec(entry)
  if (user !== null) return user[1]!
  if (entry.startsWith('arn:'))
    failAt(path, `principal "${entry}" is not "*", an access key or an IAM user ARN`)
  if (entry === '' || /[\s*?]/.test(entry)) failAt(path, `principal "${entry}" is not a valid access key`)
  return entry
}
