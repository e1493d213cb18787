/**
 * One HTTP/1.1 exchange over a plain socket, byte for byte: Node's own client refuses to send
 * control characters or non-latin1 text in headers, but a hostile client is not so polite.
 */
import { connect } from 'node:net'
import type { AnswerLike } from './client-error.js'

/** The answer, plus whether it came from Node's HTTP parser rather than from Silo. */
export interface RawAnswer extends AnswerLike {
  /** Node's parser refused the request itself (a bare 400 or 431 without a request id). */
  rejectedByHttpParser: boolean
}

/**
 * Sends `method target` with `headers` (each value written as latin1 bytes) and `body`, with
 * `Connection: close`, and reads the whole answer.
 *
 * @example await sendRaw(port, 'GET', '/b/k', [['host', 'x'], ['authorization', 'AWS4\u0001']])
 */
export function sendRaw(
  port: number,
  method: string,
  target: string,
  headers: ReadonlyArray<readonly [string, string]>,
  body: Buffer = Buffer.alloc(0),
): Promise<RawAnswer> {
  const head =
    `${method} ${target} HTTP/1.1\r\n` +
    headers.map(([n, v]) => `${n}: ${v}\r\n`).join('') +
    `content-length: ${body.length}\r\nconnection: close\r\n\r\n`
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1')
    const chunks: Buffer[] = []
    socket.on('data', (c: Buffer) => chunks.push(c))
    socket.on('error', (e: NodeJS.ErrnoException) => {
      // The server may close while we still write a body it refused: the answer is what counts.
      if (e.code === 'ECONNRESET' || e.code === 'EPIPE') return
      reject(e)
    })
    socket.on('close', () => {
      const all = Buffer.concat(chunks)
      if (all.length === 0) {
        reject(new Error('the server closed the connection without an answer'))
        return
      }
      resolve(parseAnswer(all))
    })
    socket.write(Buffer.concat([Buffer.from(head, 'latin1'), body]))
  })
}

function parseAnswer(all: Buffer): RawAnswer {
  const end = all.indexOf('\r\n\r\n')
  const headText = all.toString('latin1', 0, end === -1 ? all.length : end)
  const [statusLine = '', ...lines] = headText.split('\r\n')
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1] ?? 0)
  const headers: Record<string, string> = {}
  for (const line of lines) {
    const colon = line.indexOf(':')
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim()
  }
  let body = end === -1 ? Buffer.alloc(0) : all.subarray(end + 4)
  if (headers['transfer-encoding'] === 'chunked') body = unchunk(body)
  return {
    status,
    headers,
    text: body.toString('utf8'),
    rejectedByHttpParser: status >= 400 && status < 500 && headers['x-amz-request-id'] === undefined,
  }
}

function unchunk(body: Buffer): Buffer {
  const out: Buffer[] = []
  let pos = 0
  for (;;) {
    const eol = body.indexOf('\r\n', pos)
    if (eol === -1) break
    const size = Number.parseInt(body.toString('latin1', pos, eol), 16)
    if (!(size > 0)) break
    out.push(body.subarray(eol + 2, eol + 2 + size))
    pos = eol + 2 + size + 2
  }
  return Buffer.concat(out)
}
