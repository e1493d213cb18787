import type { IncomingMessage, ServerResponse } from 'node:http'
import type { TLSSocket } from 'node:tls'
import { handleAdminRequest, isAdminRequest } from './admin/handle-admin-request.js'
import { authenticate } from './auth/authenticate.js'
import { authorize } from './auth/authorize.js'
import { applyHoistedHeaders } from './auth/read-hoisted-headers.js'
import { checkRequestHeaders, readNodeHeaders } from './auth/refuse-unhonoured-headers.js'
import type { ServerContext } from './context.js'
import { applyCors } from './cors/apply-cors.js'
import { S3ServerError } from './errors.js'
import type { EventRequestInfo, ObjectEvent } from './events/event-publisher.js'
import { checkExpectedBucketOwner } from './handlers/acl/expected-bucket-owner.js'
import { HANDLERS } from './handlers/index.js'
import { nextRequestId } from './request-id.js'
import { setCommonHeaders } from './response/common-headers.js'
import { sendError } from './response/send-error.js'
import { notImplementedOperation } from './router/refuse-unrouted.js'
import { routeRequest } from './router/route-request.js'

/** Node's request listener, optionally for a request that sent `Expect: 100-continue`. */
export type RequestListener = (req: IncomingMessage, res: ServerResponse, expectsContinue?: boolean) => void

/**
 * The S3 request pipeline: route → authenticate → authorize → handle; any error is rendered
 * as an S3 XML error. For `Expect: 100-continue` requests the 100 is sent only once the
 * request is authorized, so a refused upload is never transmitted.
 *
 * @example
 * ```ts
 * const listener = createRequestListener(ctx)
 * http.createServer(listener).on('checkContinue', (req, res) => listener(req, res, true))
 * ```
 */
export function createRequestListener(ctx: ServerContext): RequestListener {
  const log = (message: string, error: unknown) => ctx.logger.error(message, error)
  return (req, res, expectsContinue = false) => {
    const requestId = nextRequestId()
    setCommonHeaders(res, requestId)
    handle(ctx, req, res, expectsContinue, requestId).catch((error: unknown) => {
      sendError(req, res, error, { requestId, resource: resourceOf(req.url), log })
    })
  }
}

async function handle(
  ctx: ServerContext,
  req: IncomingMessage,
  res: ServerResponse,
  expectsContinue: boolean,
  requestId: string,
): Promise<void> {
  // admit answers synchronously unless a restart holds requests: await only then (no microtask hop).
  const admitted = ctx.lifecycle.admit(res)
  if (admitted !== true && !(await admitted))
    throw new S3ServerError('ServiceUnavailable', 'The server is stopping.')
  // Before routing and authentication: a browser's preflight is never signed.
  // Synchronous unless the request has an Origin (the bucket's CORS rules are read then).
  const cors = applyCors(ctx, req, res)
  if (cors === true || (cors !== false && (await cors))) return
  if (isAdminRequest(req.url)) return handleAdminRequest(ctx, req, res, requestId, expectsContinue)
  const method = req.method ?? 'GET'
  const route = routeRequest({ method, url: req.url ?? '/', headers: req.headers }, ctx.domain)
  const auth = authenticate(ctx.auth, { method, headers: req.headers, rawHeaders: req.rawHeaders }, route)
  applyHoistedHeaders(req.headers, auth)
  // POST Object names its caller and key in the form body: its handler authorizes once it has read them.
  // The root may do everything (authorize returns at once for it): skip the call and its await.
  if (route.operation !== 'PostObject' && !auth.identity.root) await authorize({ ctx, req, route, auth })
  // Encryption headers are checked (SSE-C only over TLS); ones Silo would otherwise ignore
  // (SSE-KMS, object lock, tagging) are refused, not dropped.
  checkRequestHeaders(
    readNodeHeaders(req.headers),
    route.operation,
    (req.socket as TLSSocket).encrypted === true,
  )
  if (req.headers['x-amz-expected-bucket-owner'] || req.headers['x-amz-source-expected-bucket-owner']) {
    await checkExpectedBucketOwner(ctx, route, req.headers)
  }
  const handler = HANDLERS[route.operation]
  if (!handler) throw notImplementedOperation(route.operation, method, route.query)
  if (expectsContinue) res.writeContinue()
  // The principal is read when an event is made, not now: POST Object learns its caller from
  // the form, inside the handler (it sets auth.identity).
  const emit = (events: ObjectEvent[]) =>
    !ctx.events || events.length === 0
      ? Promise.resolve()
      : ctx.events.publish(events, requestInfo(req, requestId, auth.identity.accessKey))
  const stage = (event: Omit<ObjectEvent, 'object'>) =>
    ctx.events?.stage?.(event, requestInfo(req, requestId, auth.identity.accessKey))
  await handler({ ctx, req, res, route, auth, requestId, emit, stage })
}

function requestInfo(req: IncomingMessage, requestId: string, principalId: string): EventRequestInfo {
  return {
    requestId,
    principalId,
    sourceHost: req.socket.remoteAddress ?? '',
    sourcePort: req.socket.remotePort,
    userAgent: String(req.headers['user-agent'] ?? ''),
  }
}

function resourceOf(url: string | undefined): string {
  const path = (url ?? '/').split('?', 1)[0] ?? '/'
  try {
    return decodeURIComponent(path)
  } catch {
    return path
  }
}
