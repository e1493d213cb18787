import type { IncomingMessage, ServerResponse } from 'node:http'
import { authenticate } from './auth/authenticate.js'
import { authorize } from './auth/authorize.js'
import type { ServerContext } from './context.js'
import { S3ServerError } from './errors.js'
import { HANDLERS } from './handlers/index.js'
import { nextRequestId } from './request-id.js'
import { setCommonHeaders } from './response/common-headers.js'
import { sendError } from './response/send-error.js'
import { routeRequest } from './router/route-request.js'

/**
 * The S3 request pipeline: route → authenticate → authorize → handle; any error is rendered
 * as an S3 XML error.
 *
 * @example http.createServer(createRequestListener(ctx))
 */
export function createRequestListener(
  ctx: ServerContext,
): (req: IncomingMessage, res: ServerResponse) => void {
  const log = (message: string, error: unknown) => ctx.logger.error(message, error)
  return (req, res) => {
    const requestId = nextRequestId()
    setCommonHeaders(res, requestId)
    handle(ctx, req, res).catch((error: unknown) => {
      sendError(req, res, error, { requestId, resource: resourceOf(req.url), log })
    })
  }
}

async function handle(ctx: ServerContext, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const route = routeRequest(
    { method: req.method ?? 'GET', url: req.url ?? '/', headers: req.headers },
    ctx.domain,
  )
  const auth = authenticate(ctx.auth, { method: req.method ?? 'GET', headers: req.headers }, route)
  authorize(auth.identity, route)
  const handler = HANDLERS[route.operation]
  if (!handler) throw new S3ServerError('NotImplemented', `${route.operation} is not implemented yet.`)
  await handler({ ctx, req, res, route, auth })
}

function resourceOf(url: string | undefined): string {
  const path = (url ?? '/').split('?', 1)[0] ?? '/'
  try {
    return decodeURIComponent(path)
  } catch {
    return path
  }
}
