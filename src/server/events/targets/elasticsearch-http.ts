import http from 'node:http'
import https from 'node:https'

/** An answer from Elasticsearch: status and the parsed JSON body (undefined when empty). */
export interface EsAnswer {
  status: number
  body: unknown
}

/** A tiny JSON-over-HTTP client for one Elasticsearch node. */
export interface EsHttp {
  request(method: string, path: string, body?: unknown): Promise<EsAnswer>
  close(): void
}

/**
 * Creates the client for `url` (`http(s)://[user:password@]host:port`); credentials in the URL
 * become Basic auth. Each request has `timeoutMs` for connecting and for each wait on the socket.
 *
 * @example const es = createEsHttp('http://127.0.0.1:9200', 5000); await es.request('HEAD', '/events')
 */
export function createEsHttp(url: string, timeoutMs: number): EsHttp {
  const base = new URL(url)
  const module = base.protocol === 'https:' ? https : http
  const agent = new module.Agent({ keepAlive: true, maxSockets: 1 })
  const authorization =
    base.username !== ''
      ? `Basic ${Buffer.from(`${decodeURIComponent(base.username)}:${decodeURIComponent(base.password)}`).toString('base64')}`
      : undefined
  const prefix = base.pathname.replace(/\/$/, '')

  return {
    request: (method, path, body) =>
      new Promise((resolve, reject) => {
        const data = body === undefined ? undefined : JSON.stringify(body)
        const req = module.request(
          {
            protocol: base.protocol,
            hostname: base.hostname.replace(/^\[|\]$/g, ''),
            port: base.port || (base.protocol === 'https:' ? 443 : 80),
            path: prefix + path,
            method,
            agent,
            timeout: timeoutMs,
            headers: {
              accept: 'application/json',
              ...(data !== undefined
                ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) }
                : {}),
              ...(authorization ? { authorization } : {}),
            },
          },
          (res) => {
            const chunks: Buffer[] = []
            res.on('data', (c: Buffer) => chunks.push(c))
            res.on('error', reject)
            res.on('end', () => {
              const text = Buffer.concat(chunks).toString('utf8')
              let parsed: unknown
              try {
                parsed = text === '' ? undefined : JSON.parse(text)
              } catch {
                parsed = text
              }
              resolve({ status: res.statusCode ?? 0, body: parsed })
            })
          },
        )
        req.on('timeout', () => req.destroy(new Error(`no answer from ${base.host} within ${timeoutMs} ms`)))
        req.on('error', reject)
        req.end(data)
      }),
    close: () => agent.destroy(),
  }
}

/** A one-line reason from an Elasticsearch error answer: `400 resource_already_exists_exception: ...`. */
export function describeEsError(answer: EsAnswer): string {
  const error = (answer.body as { error?: { type?: string; reason?: string } | string } | undefined)?.error
  if (typeof error === 'string') return `${answer.status} ${error}`
  if (error?.type) return `${answer.status} ${error.type}: ${error.reason ?? ''}`.trimEnd()
  return `${answer.status}`
}
