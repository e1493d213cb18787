import type { S3Operation } from '../../shared/policy/operations.js'
import type { QueryPairs } from '../../shared/sigv4/canonical-query.js'
import { ROUTE_TABLE, type RouteLevel } from './route-table.js'
import { findSubresources } from './subresources.js'

/** What decides a route: method, level, query and headers. */
export interface RouteInput {
  method: string
  level: RouteLevel
  query: QueryPairs
  headers: Readonly<Record<string, string | string[] | undefined>>
}

type Test = (input: RouteInput) => boolean

interface CompiledRoute {
  tests: Test[]
  /** Whether any term reads the query (such a route never matches a query-less request). */
  readsQuery: boolean
  /** The query parameters the condition names: a request's subresources must all be among them. */
  names: ReadonlySet<string>
  /** What matchRoute returns: built once, so matching allocates nothing. */
  result: { operation: S3Operation }
}

function compileCondition(condition: string): Test[] {
  if (condition === '') return []
  return condition.split('&').map((term): Test => {
    if (term.startsWith('@')) {
      const header = term.slice(1)
      return (input) => input.headers[header] !== undefined
    }
    const eq = term.indexOf('=')
    if (eq === -1) return (input) => input.query.some(([name]) => name === term)
    const name = term.slice(0, eq)
    const value = term.slice(eq + 1)
    return (input) => input.query.some(([n, v]) => n === name && v === value)
  })
}

// Routes grouped by "METHOD level", table order kept; built once at load. Plain GET and PUT
// of an object carry no query, so a second list per group holds only the routes that can
// match without one: those requests skip the subresource rows (acl, tagging, uploadId, …).
const ROUTES = new Map<string, CompiledRoute[]>()
const QUERYLESS_ROUTES = new Map<string, CompiledRoute[]>()
for (const [method, level, condition, operation] of ROUTE_TABLE) {
  const key = `${method} ${level}`
  const names = queryNamesOf(condition)
  const readsQuery = names.size > 0
  const route = {
    tests: compileCondition(condition),
    readsQuery,
    names,
    result: Object.freeze({ operation }),
  }
  ROUTES.set(key, [...(ROUTES.get(key) ?? []), route])
  if (!readsQuery) QUERYLESS_ROUTES.set(key, [...(QUERYLESS_ROUTES.get(key) ?? []), route])
}

/**
 * The query parameter names a route condition reads (`partNumber&uploadId&@x-amz-copy-source`
 * → partNumber, uploadId).
 *
 * @example queryNamesOf('select&select-type=2') // Set { 'select', 'select-type' }
 */
export function queryNamesOf(condition: string): ReadonlySet<string> {
  const names = condition
    .split('&')
    .filter((term) => term !== '' && !term.startsWith('@'))
    .map((term) => term.split('=', 1)[0] as string)
  return new Set(names)
}

/**
 * The operation a request names, or `undefined` when no row matches (the method is not
 * allowed on that resource, or the request names a subresource no row of its method routes).
 * A row matches only if its condition names every subresource the query carries, so a
 * subresource is never handed to another operation (`PUT ?ownershipControls` is not
 * CreateBucket, `GET ?policyStatus` not ListObjects); HEAD is always HeadBucket or HeadObject.
 *
 * @example matchRoute({ method: 'GET', level: 'bucket', query: [['location', '']], headers: {} })
 * // { operation: 'GetBucketLocation' }
 */
export function matchRoute(input: RouteInput): { operation: S3Operation } | undefined {
  const key = `${input.method} ${input.level}`
  const candidates = input.query.length === 0 ? QUERYLESS_ROUTES.get(key) : ROUTES.get(key)
  if (!candidates) return undefined
  // HEAD answers no document, only the bucket's or object's headers: S3 reads it as HeadBucket
  // or HeadObject whatever the query (and a 501 to a HEAD would carry no error code).
  const subresources =
    input.query.length === 0 || input.method === 'HEAD' ? [] : findSubresources(input.query)
  for (const route of candidates) {
    if (covers(route.names, subresources) && passes(route.tests, input)) return route.result
  }
  return undefined
}

function covers(names: ReadonlySet<string>, subresources: readonly string[]): boolean {
  for (const name of subresources) if (!names.has(name)) return false
  return true
}

function passes(tests: Test[], input: RouteInput): boolean {
  for (const test of tests) if (!test(input)) return false
  return true
}
