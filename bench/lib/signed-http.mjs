// A lean S3 load generator: node:http with a keep-alive agent and SigV4 header signing with
// everything that does not change per request computed once (signing key per day, payload hash
// per body). It costs the client far less CPU per request than any SDK, so on a small machine
// the server, not the client, is what limits ops/s. Both servers get exactly this client.
import { createHash, createHmac } from 'node:crypto'
import http from 'node:http'

const EMPTY_SHA256 = createHash('sha256').update('').digest('hex')
const SIGNED_HEADERS = 'host;x-amz-content-sha256;x-amz-date'

/**
 * An adapter ({makeBucket, put, get}) that signs path-style requests for `server`
 * ({host, port, region, accessKey, secretKey}) itself.
 *
 * @example const s3 = signedHttpAdapter(server); await s3.put('bench', 'k', Buffer.alloc(1024))
 */
export function signedHttpAdapter(server) {
  const agent = new http.Agent({ keepAlive: true })
  const host = `${server.host}:${server.port}`
  const signer = createSigner(server)
  const bodyHashes = new WeakMap()
  const hashOf = (body) => {
    let hash = bodyHashes.get(body)
    if (hash === undefined) {
      hash = createHash('sha256').update(body).digest('hex')
      bodyHashes.set(body, hash)
    }
    return hash
  }
  const send = (method, path, body) =>
    new Promise((resolve, reject) => {
      const payloadHash = body ? hashOf(body) : EMPTY_SHA256
      const headers = signer.sign(method, path, host, payloadHash)
      if (body) headers['content-length'] = body.length
      const req = http.request(
        { host: server.host, port: server.port, method, path, headers, agent },
        (res) => {
          let bytes = 0
          let error = ''
          res.on('data', (chunk) => {
            bytes += chunk.length
            if (res.statusCode >= 300 && error.length < 500) error += chunk
          })
          res.on('end', () => {
            if (res.statusCode >= 300) reject(new Error(`${method} ${path}: HTTP ${res.statusCode} ${error}`))
            else resolve(bytes)
          })
          res.on('error', reject)
        },
      )
      req.on('error', reject)
      req.end(body)
    })
  return {
    makeBucket: (bucket) => send('PUT', `/${bucket}`, null),
    put: (bucket, key, body) => send('PUT', `/${bucket}/${key}`, body),
    get: (bucket, key) => send('GET', `/${bucket}/${key}`, null),
  }
}

/** SigV4 for header-signed requests with no query and unreserved-only paths (the bench's keys). */
function createSigner({ region, accessKey, secretKey }) {
  let day = ''
  let key = null
  let scope = ''
  return {
    sign(method, path, host, payloadHash) {
      const amzDate = `${new Date().toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`
      if (amzDate.slice(0, 8) !== day) {
        day = amzDate.slice(0, 8)
        key = [day, region, 's3', 'aws4_request'].reduce(
          (k, part) => createHmac('sha256', k).update(part).digest(),
          `AWS4${secretKey}`,
        )
        scope = `${day}/${region}/s3/aws4_request`
      }
      const canonical = `${method}\n${path}\n\nhost:${host}\nx-amz-content-sha256:${payloadHash}\nx-amz-date:${amzDate}\n\n${SIGNED_HEADERS}\n${payloadHash}`
      const stringToSign = `AWS4-HMAC-SHA256\n${amzDate}\n${scope}\n${createHash('sha256').update(canonical).digest('hex')}`
      const signature = createHmac('sha256', key).update(stringToSign).digest('hex')
      return {
        host,
        'x-amz-content-sha256': payloadHash,
        'x-amz-date': amzDate,
        authorization: `AWS4-HMAC-SHA256 Credential=${accessKey}/${scope}, SignedHeaders=${SIGNED_HEADERS}, Signature=${signature}`,
      }
    },
  }
}
