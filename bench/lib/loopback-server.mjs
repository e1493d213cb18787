// The physical reference server: node:http answering fixed bodies with no S3 work at all.
//   GET /bytes/<n>  → n bytes, written in 1 MiB chunks with back-pressure
//   PUT /<anything> → reads and discards the body, answers 200 with no body
import http from 'node:http'

const CHUNK = Buffer.alloc(1024 * 1024, 0x61)

/** Starts the loopback reference server on 127.0.0.1 and a free port. */
export async function startLoopbackServer() {
  const server = http.createServer({ keepAliveTimeout: 60_000 }, (req, res) => {
    if (req.method === 'PUT') return discardThenAnswer(req, res)
    const size = Number(/^\/bytes\/(\d+)$/.exec(req.url)?.[1] ?? Number.NaN)
    if (req.method !== 'GET' || !Number.isSafeInteger(size)) {
      res.writeHead(404, { 'content-length': 0 }).end()
      return
    }
    res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': size })
    writeBytes(res, size)
  })
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { host: '127.0.0.1', port: server.address().port, stop: () => server.close() }
}

function discardThenAnswer(req, res) {
  req.on('data', () => {})
  req.on('end', () => res.writeHead(200, { 'content-length': 0 }).end())
}

function writeBytes(res, remaining) {
  while (remaining > 0) {
    const n = Math.min(remaining, CHUNK.length)
    remaining -= n
    const more = res.write(n === CHUNK.length ? CHUNK : CHUNK.subarray(0, n))
    if (!more && remaining > 0) {
      res.once('drain', () => writeBytes(res, remaining))
      return
    }
  }
  res.end()
}
