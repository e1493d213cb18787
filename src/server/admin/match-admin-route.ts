import type { AdminHandler } from './admin-args.js'

/**
 * One admin route: a method and a pattern of path segments under `/silo/admin/`, where
 * `{name}` captures one segment and `{name+}` the rest of the path (possibly empty).
 */
export interface AdminRoute {
  method: string
  pattern: string
  /** The operation's name, for docs and logs (`AddUser`). */
  operation: string
  handler: AdminHandler
}

/** A matched route and its decoded parameters. */
export interface AdminMatch {
  route: AdminRoute
  params: Record<string, string>
}

/**
 * Finds the route for `method` and the path segments after `/silo/admin/` (decoded), or
 * undefined when none matches.
 *
 * @example matchAdminRoute(ROUTES, 'PUT', ['v1', 'users', 'bot']) // { route: AddUser, params: { accessKey: 'bot' } }
 */
export function matchAdminRoute(
  routes: readonly AdminRoute[],
  method: string,
  segments: readonly string[],
): AdminMatch | undefined {
  for (const route of routes) {
    if (route.method !== method) continue
    const params = matchPattern(route.pattern.split('/'), segments)
    if (params) return { route, params }
  }
  return undefined
}

function matchPattern(
  pattern: readonly string[],
  segments: readonly string[],
): Record<string, string> | undefined {
  const params: Record<string, string> = {}
  for (let i = 0; i < pattern.length; i++) {
    const part = pattern[i]!
    if (part.startsWith('{') && part.endsWith('+}')) {
      params[part.slice(1, -2)] = segments.slice(i).join('/')
      return params
    }
    const segment = segments[i]
    if (segment === undefined) return undefined
    if (part.startsWith('{') && part.endsWith('}')) {
      if (segment === '') return undefined
      params[part.slice(1, -1)] = segment
    } else if (part !== segment) return undefined
  }
  return segments.length === pattern.length ? params : undefined
}
