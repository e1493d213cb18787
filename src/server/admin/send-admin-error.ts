import type { ServerResponse } from 'node:http'
import { isS3ServerError, S3ServerError } from '../errors.js'

/** What an admin error response needs besides the error. */
export interface AdminErrorContext {
  requestId: string
  /** The request path, rendered as `Resource`. */
  resource: string
  log: (message: string, error: unknown) => void
}

/**
 * Renders an error as the admin API's JSON error `{Code, Message, Resource, RequestId}`.
 * Unexpected errors become InternalError and are logged.
 *
 * @example sendAdminError(res, new S3ServerError('XSiloAdminNoSuchUser'), { requestId, resource, log })
 */
export function sendAdminError(res: ServerResponse, error: unknown, ctx: AdminErrorContext): void {
  if (res.headersSent) {
    res.destroy()
    return
  }
  let e: S3ServerError
  if (isS3ServerError(error)) e = error
  else {
    ctx.log(`admin request ${ctx.requestId} on ${ctx.resource} failed`, error)
    e = new S3ServerError('InternalError')
  }
  const body = JSON.stringify({
    Code: e.code,
    Message: e.message,
    Resource: ctx.resource,
    RequestId: ctx.requestId,
  })
  res.writeHead(e.status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) })
  res.end(body)
}
