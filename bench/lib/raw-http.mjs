// A minimal HTTP/1.1 keep-alive client on raw sockets, for the load generator: one request in
// flight per connection, responses framed by Content-Length or chunked encoding. node:http's
// client costs ~100 µs of CPU per request on a small machine, as much as a fast server spends
// answering it; this costs a fraction, so the server under test, not the client, sets ops/s.
import net from 'node:net'

const HEAD_END = Buffer.from('\r\n\r\n')

/**
 * A pool of keep-alive connections to `host:port`. `request` resolves with {status, bytes, text}
 * (`text`: the body, only for statuses ≥ 300, for error messages).
 *
 * @example const pool = createRawPool('127.0.0.1', 9000); await pool.request('GET', '/b/k', { host })
 */
export function createRawPool(host, port) {
  const idle = []
  return {
    request(method, path, headers, body) {
      const conn = idle.pop() ?? connect(host, port, idle)
      return conn.send(method, path, headers, body)
    },
  }
}

function connect(host, port, idle) {
  const socket = net.connect({ host, port, noDelay: true })
  let pending = null
  let buffered = Buffer.alloc(0)
  const fail = (error) => {
    const p = pending
    pending = null
    const at = idle.indexOf(conn)
    if (at !== -1) idle.splice(at, 1)
    p?.reject(error)
  }
  socket.on('error', fail)
  socket.on('close', () => fail(new Error('connection closed before the response ended')))
  socket.on('data', (chunk) => {
    buffered = buffered.length === 0 ? chunk : Buffer.concat([buffered, chunk])
    if (!pending) return
    const response = parseResponse(buffered, pending.method)
    if (!response) return
    buffered = buffered.subarray(response.consumed)
    const p = pending
    pending = null
    if (response.close) socket.destroy()
    else idle.push(conn)
    p.resolve(response)
  })
  const conn = {
    send(method, path, headers, body) {
      return new Promise((resolve, reject) => {
        pending = { method, resolve, reject }
        let head = `${method} ${path} HTTP/1.1\r\n`
        for (const name in headers) head += `${name}: ${headers[name]}\r\n`
        head += `content-length: ${body ? body.length : 0}\r\n\r\n`
        socket.cork()
        socket.write(head, 'latin1')
        if (body && body.length > 0) socket.write(body)
        socket.uncork()
      })
    },
  }
  return conn
}

/** One complete response at the start of `buf`, or null while more bytes are needed. */
function parseResponse(buf, method) {
  const headEnd = buf.indexOf(HEAD_END)
  if (headEnd === -1) return null
  const head = buf.toString('latin1', 0, headEnd).toLowerCase()
  const status = Number(head.slice(9, 12))
  const start = headEnd + 4
  const close = /\r\nconnection: *close/.test(head)
  let bodyEnd
  if (method === 'HEAD' || status === 204 || status === 304) bodyEnd = start
  else if (/\r\ntransfer-encoding: *chunked/.test(head)) {
    const end = chunkedEnd(buf, start)
    if (end === -1) return null
    bodyEnd = end
  } else {
    const length = /\r\ncontent-length: *(\d+)/.exec(head)
    if (!length) throw new Error(`response without a length: ${head.split('\r\n', 1)[0]}`)
    bodyEnd = start + Number(length[1])
    if (buf.length < bodyEnd) return null
  }
  const text = status >= 300 ? buf.toString('utf8', start, bodyEnd) : ''
  return { status, bytes: bodyEnd - start, text, consumed: bodyEnd, close }
}

/** The offset just past a complete chunked body starting at `at`, or -1 if incomplete. */
function chunkedEnd(buf, at) {
  let pos = at
  for (;;) {
    const lineEnd = buf.indexOf('\r\n', pos)
    if (lineEnd === -1) return -1
    const size = Number.parseInt(buf.toString('latin1', pos, lineEnd), 16)
    if (size === 0) {
      const end = buf.indexOf(HEAD_END, lineEnd)
      return end === -1 ? -1 : end + 4
    }
    pos = lineEnd + 2 + size + 2
    if (pos > buf.length) return -1
  }
}
