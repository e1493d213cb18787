// A lean S3 load generator: keep-alive HTTP/1.1 on raw sockets (raw-http.mjs) and SigV4 header
// signing with everything that does not change per request computed once (signing key per
// day, payload hash per body). It costs the client far less CPU per request than any SDK, so on
// a small machine the server, not the client, is what limits ops/s. Both servers get exactly
// this client.
import { createHash, createHmac } from 'node:crypto'
import { createRawPool } from './raw-http.mjs'

const EMPTY_SHA256 = createHash('sha256').update('').digest('hex')
const SIGNED_HEADERS = 'host;x-amz-content-sha256;x-amz-date'

/**
 * An adapter ({makeBucket, put, get, head, list}) that signs path-style requests for `server`
 * ({host, port, region, accessKey, secretKey}) itself. With `server.endpoints` ([{host, port}],
 * the servers of one deployment) the requests go to each endpoint in turn, round-robin, each
 * over its own keep-alive connections and signed for its own host.
 *
 * @example const s3 = signedHttpAdapter(server); await s3.put('bench', 'k', Buffer.alloc(1024))
 */
export function signedHttpAdapter(server) {
  const targets = (server.endpoints?.length ? server.endpoints : [server]).map(({ host, port }) => ({
    pool: createRawPool(host, port),
    host: `${host}:${port}`,
    // One per endpoint: a signature covers the host, and the signer caches signatures.
    signer: createSigner(server),
  }))
  let turn = 0
  const bodyHashes = new WeakMap()
  const hashOf = (body) => {
    let hash = bodyHashes.get(body)
    if (hash === undefined) {
      hash = createHash('sha256').update(body).digest('hex')
      bodyHashes.set(body, hash)
    }
    return hash
  }
  const send = async (method, path, body, query = '') => {
    const target = targets.length === 1 ? targets[0] : targets[turn++ % targets.length]
    const headers = target.signer.sign(method, path, query, target.host, body ? hashOf(body) : EMPTY_SHA256)
    const url = query ? `${path}?${query}` : path
    const res = await target.pool.request(method, url, headers, body)
    if (res.status >= 300)
      throw new Error(`${method} ${url} (${target.host}): HTTP ${res.status} ${res.text.slice(0, 300)}`)
    return res.bytes
  }
  return {
    makeBucket: (bucket) => send('PUT', `/${bucket}`, null),
    put: (bucket, key, body) => send('PUT', `/${bucket}/${key}`, body),
    get: (bucket, key) => send('GET', `/${bucket}/${key}`, null),
    head: (bucket, key) => send('HEAD', `/${bucket}/${key}`, null),
    /** ListObjectsV2, one page of `maxKeys` after `startAfter`; resolves with the response's bytes. */
    list: (bucket, startAfter, maxKeys) =>
      send(
        'GET',
        `/${bucket}`,
        null,
        // Already canonical (SigV4): names in order, values encoded as RFC 3986 asks.
        `list-type=2&max-keys=${maxKeys}&start-after=${encodeRfc3986(startAfter)}`,
      ),
  }
}

/** RFC 3986 percent-encoding (SigV4's): everything but A-Z a-z 0-9 - _ . ~ */
function encodeRfc3986(text) {
  return encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
}

/**
 * SigV4 for header-signed requests with unreserved-only paths (the bench's keys) and a query
 * given in canonical form.
 * A request signed twice in the same second gets the same headers, so those are kept for the
 * current second: the workload cycles over a few keys, and re-deriving an identical signature
 * is client work that would only blur the server comparison.
 */
function createSigner({ region, accessKey, secretKey }) {
  let second = -1
  let amzDate = ''
  let day = ''
  let key = null
  let scope = ''
  let signed = new Map()
  return {
    sign(method, path, query, host, payloadHash) {
      const now = Math.floor(Date.now() / 1000)
      if (now !== second) {
        second = now
        amzDate = `${new Date(now * 1000).toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`
        signed = new Map()
        if (amzDate.slice(0, 8) !== day) {
          day = amzDate.slice(0, 8)
          key = [day, region, 's3', 'aws4_request'].reduce(
            (k, part) => createHmac('sha256', k).update(part).digest(),
            `AWS4${secretKey}`,
          )
          scope = `${day}/${region}/s3/aws4_request`
        }
      }
      const id = `${method} ${path}?${query} ${payloadHash}`
      let headers = signed.get(id)
      if (headers === undefined) {
        const canonical = `${method}\n${path}\n${query}\nhost:${host}\nx-amz-content-sha256:${payloadHash}\nx-amz-date:${amzDate}\n\n${SIGNED_HEADERS}\n${payloadHash}`
        const stringToSign = `AWS4-HMAC-SHA256\n${amzDate}\n${scope}\n${createHash('sha256').update(canonical).digest('hex')}`
        const signature = createHmac('sha256', key).update(stringToSign).digest('hex')
        headers = {
          host,
          'x-amz-content-sha256': payloadHash,
          'x-amz-date': amzDate,
          authorization: `AWS4-HMAC-SHA256 Credential=${accessKey}/${scope}, SignedHeaders=${SIGNED_HEADERS}, Signature=${signature}`,
        }
        signed.set(id, headers)
      }
      return headers
    },
  }
}
