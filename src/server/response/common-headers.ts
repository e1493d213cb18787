import {
  type IncomingMessage,
  type OutgoingHttpHeader,
  type OutgoingHttpHeaders,
  ServerResponse,
} from 'node:http'

/**
 * Headers every S3 response carries: the request ID, `Server: Silo`, `Accept-Ranges: bytes`.
 * On an `S3Response` (what the server's node:http server makes) they are added when the head
 * is written; on any other response they are set at once.
 * @example setCommonHeaders(res, nextRequestId())
 */
export function setCommonHeaders(res: ServerResponse, requestId: string): void {
  if (res instanceof S3Response) {
    res.requestId = requestId
    return
  }
  for (const [name, value] of Object.entries(commonHeaders(requestId))) res.setHeader(name, value)
}

function commonHeaders(requestId: string): Record<string, string> {
  return { 'x-amz-request-id': requestId, server: 'Silo', 'accept-ranges': 'bytes' }
}

type HeadersArg = OutgoingHttpHeaders | OutgoingHttpHeader[]

/**
 * The server's responses (`http.createServer({ ServerResponse: S3Response })`): the common
 * headers join whatever `writeHead` is given (Node calls it for implicit heads too). Setting them
 * with `setHeader` up front cost every response Node's slower path, where each header passed to
 * `writeHead` goes through `setHeader` again (together with GET's header spreads, ~4–7% of a
 * 1 KiB GET's server CPU in alternating A/B runs, issue 18).
 * Headers a handler sets or passes win over the common ones, as before.
 */
export class S3Response<Request extends IncomingMessage = IncomingMessage> extends ServerResponse<Request> {
  /** Set by `setCommonHeaders`; taken by the first `writeHead`. */
  requestId: string | undefined

  override writeHead(
    statusCode: number,
    messageOrHeaders?: string | HeadersArg,
    maybeHeaders?: HeadersArg,
  ): this {
    const requestId = this.requestId
    if (requestId === undefined || this.headersSent)
      return super.writeHead(statusCode, messageOrHeaders as string, maybeHeaders)
    this.requestId = undefined
    const message = typeof messageOrHeaders === 'string' ? messageOrHeaders : undefined
    const headers = typeof messageOrHeaders === 'string' ? maybeHeaders : messageOrHeaders
    // Node's fast path: nothing set with setHeader and the headers as one object.
    if (headers !== undefined && !Array.isArray(headers) && this.getHeaderNames().length === 0) {
      const all = Object.assign(commonHeaders(requestId), headers)
      return message === undefined
        ? super.writeHead(statusCode, all)
        : super.writeHead(statusCode, message, all)
    }
    for (const [name, value] of Object.entries(commonHeaders(requestId)))
      if (!this.hasHeader(name)) this.setHeader(name, value)
    return super.writeHead(statusCode, messageOrHeaders as string, maybeHeaders)
  }
}
