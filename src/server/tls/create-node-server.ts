/** The listening server: node:http, or node:https when a certificate is configured. */
import type { IncomingMessage, ServerResponse } from 'node:http'
import { createServer as createHttpServer, type Server } from 'node:http'
import { createServer as createHttpsServer } from 'node:https'
import type { Socket } from 'node:net'
import { setBodyTimeout } from '../body/body-timeout.js'
import type { ConnectionLimits } from '../connections/connection-limits.js'
import { type Exchange, handleIdleConnection } from '../connections/handle-idle-connection.js'
import type { RequestListener } from '../handle-request.js'
import type { Logger } from '../logger.js'
import { S3Response } from '../response/common-headers.js'
import type { TlsOptions } from './tls-options.js'

/** At most one "connections refused" warning this often. */
const DROP_WARNING_INTERVAL_MS = 10_000

/**
 * Creates the HTTP(S) server for the request pipeline, `100-continue` included, with the
 * connection limits on: the headers timeout (408), the body timeout (400 RequestTimeout, via
 * the body readers), the idle and keep-alive timeouts and the connection cap (see
 * `ConnectionOptions`).
 *
 * @example
 * const server = createNodeServer(opts.tls, createRequestListener(ctx), opts.connections, logger)
 */
export function createNodeServer(
  tls: TlsOptions | undefined,
  listener: RequestListener,
  limits: ConnectionLimits,
  logger: Logger,
): Server {
  const settings = {
    // Adds the common S3 headers when the head is written (response/common-headers.ts).
    ServerResponse: S3Response,
    // No total request time: a 5 GiB upload on a slow link may take hours while it progresses.
    // Stalls are what time out (headers, body, idle); Node would otherwise take requestTimeout
    // as the headers timeout too, which is how 0 here once meant no headers timeout at all.
    requestTimeout: 0,
    headersTimeout: limits.headersTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    // Node checks headers timeouts every 30 s by default, so a slowloris socket lived up to
    // 30 s past its timeout; a tenth of the timeout (at most 1 s) keeps it close.
    connectionsCheckingInterval: Math.min(1000, Math.max(10, Math.floor(limits.headersTimeoutMs / 10))),
  }
  const server: Server = tls
    ? createHttpsServer(
        // A TLS handshake is part of getting the request in (Node's default is 120 s).
        { ...settings, cert: tls.cert, key: tls.key, handshakeTimeout: limits.headersTimeoutMs || 120_000 },
        (req, res) => handle(req, res),
      )
    : createHttpServer(settings, (req, res) => handle(req, res))
  const exchanges = new WeakMap<Socket, Exchange>()
  const handle = (req: IncomingMessage, res: ServerResponse, expectsContinue = false) => {
    setBodyTimeout(req, limits.bodyTimeoutMs)
    const socket = req.socket
    exchanges.set(socket, { req, res })
    res.once('close', () => {
      if (exchanges.get(socket)?.res === res) exchanges.delete(socket)
    })
    listener(req, res, expectsContinue)
  }
  server.on('checkContinue', (req, res) => handle(req, res, true))
  server.timeout = limits.idleTimeoutMs
  server.on('timeout', (socket: Socket) => handleIdleConnection(socket, exchanges.get(socket)))
  if (limits.maxConnections > 0) {
    // Past the cap Node closes a new connection at once: its descriptor is never held.
    server.maxConnections = limits.maxConnections
    let warned = 0
    server.on('drop', () => {
      if (Date.now() - warned < DROP_WARNING_INTERVAL_MS) return
      warned = Date.now()
      logger.warn(
        `[silo] refusing connections: ${limits.maxConnections} are open (maxConnections, SILO_MAX_CONNECTIONS)`,
      )
    })
  }
  return server
}
