import type { ServerResponse } from 'node:http'

/**
 * Headers every S3 response carries: the request ID, `Server: Silo`, `Accept-Ranges: bytes`.
 * @example setCommonHeaders(res, nextRequestId())
 */
export function setCommonHeaders(res: ServerResponse, requestId: string): void {
  res.setHeader('x-amz-request-id', requestId)
  res.setHeader('server', 'Silo')
  res.setHeader('accept-ranges', 'bytes')
}
