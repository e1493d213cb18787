import type { QueryPairs } from '../../shared/sigv4/canonical-query.js'
import { ROUTE_TABLE, type RouteLevel, type S3Action, type S3Operation } from './route-table.js'

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
  operation: S3Operation
  action: S3Action
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

// Routes grouped by "METHOD level", table order kept; built once at load.
const ROUTES = new Map<string, CompiledRoute[]>()
for (const [method, level, condition, operation, action] of ROUTE_TABLE) {
  const key = `${method} ${level}`
  const list = ROUTES.get(key) ?? []
  list.push({ tests: compileCondition(condition), operation, action })
  ROUTES.set(key, list)
}

/**
 * The operation (and IAM action) a request names, or `undefined` when no row matches
 * (the method is not allowed on that resource).
 *
 * @example matchRoute({ method: 'GET', level: 'bucket', query: [['location', '']], headers: {} })
 * // { operation: 'GetBucketLocation', action: 's3:GetBucketLocation' }
 */
export function matchRoute(input: RouteInput): { operation: S3Operation; action: S3Action } | undefined {
  const candidates = ROUTES.get(`${input.method} ${input.level}`)
  if (!candidates) return undefined
  for (const route of candidates) {
    if (route.tests.every((test) => test(input))) return { operation: route.operation, action: route.action }
  }
  return undefined
}
