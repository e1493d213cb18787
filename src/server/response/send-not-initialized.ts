import type { IncomingMessage, ServerResponse } from 'node:http'
import { S3ServerError } from '../errors.js'
import { nextRequestId } from '../request-id.js'
import { setCommonHeaders } from './common-headers.js'
import { sendError } from './send-error.js'

/**
 * Answers a request that came before the S3 pipeline exists (a cluster member still waiting
 * for etcd or a quorum of its peers' drives): 503 XSiloServerNotInitialized, with Retry-After.
 */
export function sendNotInitialized(req: IncomingMessage, res: ServerResponse): void {
  const requestId = nextRequestId()
  setCommonHeaders(res, requestId)
  res.setHeader('Retry-After', '1')
  const error = new S3ServerError('XSiloServerNotInitialized')
  sendError(req, res, error, { requestId, resource: (req.url ?? '/').split('?')[0]!, log: () => {} })
}
