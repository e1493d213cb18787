import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Socket } from 'node:net'
import { isBodyWatched } from '../body/body-timeout.js'

/** The request a connection is serving, if any. */
export interface Exchange {
  req: IncomingMessage
  res: ServerResponse
}

/**
 * Decides what a connection that saw no traffic for the idle timeout (or the keep-alive
 * timeout) deserves: closed when the client owes the next step, kept when the server does.
 *
 * - no request under way (waiting for the next one): close;
 * - a body the client stopped sending, read by a reader that does not watch its progress
 *   (a watched body answers 400 RequestTimeout itself): close;
 * - a response the client stopped reading (bytes queued for it): close;
 * - the server still working, pushing back on a body, or a listen stream with no event to
 *   send: keep; any later traffic re-arms the timer.
 *
 * @example server.on('timeout', (socket) => handleIdleConnection(socket, exchanges.get(socket)))
 */
export function handleIdleConnection(socket: Socket, exchange: Exchange | undefined): void {
  if (!exchange) {
    socket.destroy()
    return
  }
  const { req, res } = exchange
  if (!req.complete) {
    if (!isBodyWatched(req) && isWaitingForBody(req)) socket.destroy()
    return
  }
  if (socket.writableLength > 0 || res.writableNeedDrain) socket.destroy()
}

/** Someone reads the body and has nothing buffered: the next bytes are the client's to send. */
function isWaitingForBody(req: IncomingMessage): boolean {
  return req.readableFlowing !== null && req.readableLength === 0
}
