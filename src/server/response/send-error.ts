import type { IncomingMessage, ServerResponse } from 'node:http'
import { isS3ServerError, S3ServerError } from '../errors.js'
import { renderXml } from './xml.js'

/** Host ID in error bodies (S3 puts a host hash here; MinIO a constant). */
const HOST_ID = 'silo'

// A client whose request failed early may still be sending a large body; rather than read and
// discard it all to keep the connection, close the connection after the error.
const DRAIN_LIMIT = 1024 * 1024

/** What an error response needs besides the error. */
export interface ErrorContext {
  requestId: string
  /** The request path, rendered as `<Resource>`. */
  resource: string
  /** Logs unexpected (non-S3) errors. */
  log: (message: string, error: unknown) => void
}

/**
 * Renders `error` as an S3 XML error (HEAD gets the status and headers only). Unexpected errors
 * become InternalError and are logged. If the response already started, the socket is closed.
 * A client that hung up before sending its whole body is not a server failure: nothing is
 * logged and nothing sent (there is no one to send it to).
 *
 * @example sendError(req, res, new S3ServerError('NoSuchKey'), { requestId, resource: '/b/k', log })
 */
export function sendError(
  req: IncomingMessage,
  res: ServerResponse,
  error: unknown,
  ctx: ErrorContext,
): void {
  if (clientHungUp(req)) {
    res.destroy()
    return
  }
  if (res.headersSent) {
    // Mid-body failure (often the client went away): the status is gone, so cut the stream.
    res.destroy()
    return
  }
  const e = isS3ServerError(error) ? error : internal(error, ctx)
  // A client that stopped sending its body (RequestTimeout) will not send the rest either.
  if (!req.complete && (e.code === 'RequestTimeout' || pendingBodySize(req) > DRAIN_LIMIT)) {
    res.setHeader('connection', 'close')
  }
  // Headers the error carries (a read that met a delete marker: x-amz-delete-marker, its version).
  for (const [name, value] of Object.entries(e.headers)) res.setHeader(name, value)
  if (e.code === 'InvalidRange' && e.details.ActualObjectSize) {
    res.setHeader('content-range', `bytes */${e.details.ActualObjectSize}`)
  }
  if (req.method === 'HEAD' || e.status === 304) {
    res.writeHead(e.status, { 'content-length': 0 })
    res.end()
    return
  }
  const xml = renderXml(
    'Error',
    {
      Code: e.code,
      Message: e.message,
      ...e.details,
      Resource: ctx.resource,
      RequestId: ctx.requestId,
      HostId: HOST_ID,
    },
    false,
  )
  res.writeHead(e.status, { 'content-type': 'application/xml', 'content-length': Buffer.byteLength(xml) })
  res.end(xml)
}

function internal(error: unknown, ctx: ErrorContext): S3ServerError {
  ctx.log(`request ${ctx.requestId} on ${ctx.resource} failed`, error)
  return new S3ServerError('InternalError')
}

function pendingBodySize(req: IncomingMessage): number {
  if (req.headers['transfer-encoding'] !== undefined) return Number.POSITIVE_INFINITY
  return Number(req.headers['content-length'] ?? 0)
}

/**
 * The request body stopped because the connection closed (the error is then Node's "aborted"
 * or "Premature close"): the handler stored nothing, since objects are committed only after
 * the whole body was read and verified.
 */
function clientHungUp(req: IncomingMessage): boolean {
  return !req.complete && (req.destroyed || req.socket.destroyed)
}
