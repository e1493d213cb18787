import type { IncomingMessage, ServerResponse } from 'node:http'
import { parseQueryString } from '../../shared/sigv4/canonical-query.js'
import { uriDecode } from '../../shared/sigv4/uri-encode.js'
import type { ServerContext } from '../context.js'
import { S3ServerError } from '../errors.js'
import { setAdminHeaders } from './admin-response.js'
import { ADMIN_ROUTES } from './admin-routes.js'
import { authenticateAdmin } from './authenticate-admin.js'
import { matchAdminRoute } from './match-admin-route.js'
import { sendAdminError } from './send-admin-error.js'

/** The path prefix of the admin API; S3 routing never sees these requests. */
export const ADMIN_PREFIX = '/silo/admin/'

/**
 * Whether a request target is for the admin API (`/silo/admin/...`).
 * @example isAdminRequest('/silo/admin/v1/info') // true
 */
export function isAdminRequest(url: string | undefined): boolean {
  return url !== undefined && (url.startsWith(ADMIN_PREFIX) || url === '/silo/admin')
}

/**
 * The admin pipeline: match the route (unknown → 405 MethodNotAllowed naming the path),
 * authenticate the root credential and read the body, run the handler. Errors are JSON
 * `{Code, Message, Resource, RequestId}`; this function never rejects.
 *
 * @example if (isAdminRequest(req.url)) return handleAdminRequest(ctx, req, res, requestId)
 */
export async function handleAdminRequest(
  ctx: ServerContext,
  req: IncomingMessage,
  res: ServerResponse,
  requestId: string,
  expectsContinue = false,
): Promise<void> {
  const url = req.url ?? '/'
  const q = url.indexOf('?')
  const rawPath = q === -1 ? url : url.slice(0, q)
  const resource = safeDecode(rawPath)
  setAdminHeaders(res)
  try {
    const query = parseQueryString(q === -1 ? '' : url.slice(q + 1))
    const method = req.method ?? 'GET'
    const segments = rawPath.slice(ADMIN_PREFIX.length).split('/').map(safeDecode)
    const match = matchAdminRoute(ADMIN_ROUTES, method, segments)
    if (!match) {
      throw new S3ServerError('MethodNotAllowed', `${method} ${resource} is not an admin API operation.`)
    }
    const body = await authenticateAdmin(ctx.auth, req, uriDecode(rawPath), query, () => {
      if (expectsContinue) res.writeContinue()
    })
    const params = new URLSearchParams(query)
    await match.route.handler({ ctx, req, res, params: match.params, query: params, body, requestId })
  } catch (error) {
    sendAdminError(res, error, {
      requestId,
      resource,
      log: (message, e) => ctx.logger.error(message, e),
    })
  }
}

function safeDecode(text: string): string {
  try {
    return uriDecode(text)
  } catch {
    return text
  }
}
