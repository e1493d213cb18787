/** The listening server: node:http, or node:https when a certificate is configured. */
import { createServer as createHttpServer, type Server } from 'node:http'
import { createServer as createHttpsServer } from 'node:https'
import type { RequestListener } from '../handle-request.js'
import type { TlsOptions } from './tls-options.js'

/**
 * Creates the HTTP(S) server for the request pipeline, `100-continue` included.
 * @example
 * const server = createNodeServer(opts.tls, createRequestListener(ctx))
 */
export function createNodeServer(tls: TlsOptions | undefined, listener: RequestListener): Server {
  // No overall request timeout: a 5 GiB upload may take long; idle sockets still time out.
  const settings = { requestTimeout: 0, keepAliveTimeout: 65_000 }
  const server: Server = tls
    ? createHttpsServer({ ...settings, cert: tls.cert, key: tls.key }, listener)
    : createHttpServer(settings, listener)
  server.on('checkContinue', (req, res) => listener(req, res, true))
  return server
}
