/**
 * `--debug`: a Node `transport` for `Client` that forwards to node:http / node:https and prints
 * each request and response head to stderr. Secrets are redacted: the SigV4 signature (header
 * or presigned query), session tokens and any header that carries a secret.
 */
import type { ClientRequest, IncomingMessage, RequestOptions } from 'node:http'
import type { Writable } from 'node:stream'

/** What `Client`'s `transport` option needs: `request(options, onResponse)`, like node:http. */
export interface RequestModule {
  request(options: RequestOptions, onResponse: (res: IncomingMessage) => void): ClientRequest
}

const SECRET_HEADERS = new Set([
  'x-amz-security-token',
  'cookie',
  'set-cookie',
  'x-amz-server-side-encryption-customer-key',
])

/**
 * Redacts a header value when it carries a secret.
 * @example
 * redactHeader('authorization', 'AWS4-HMAC-SHA256 Credential=AK/..., Signature=abc') // '... Signature=**REDACTED**'
 */
export function redactHeader(name: string, value: string): string {
  const lower = name.toLowerCase()
  if (lower === 'authorization') return value.replace(/Signature=[0-9a-f]+/gi, 'Signature=**REDACTED**')
  return SECRET_HEADERS.has(lower) ? '**REDACTED**' : value
}

/**
 * Redacts the signature and token of a presigned request path.
 * @example
 * redactPath('/b/k?X-Amz-Signature=abc') // '/b/k?X-Amz-Signature=**REDACTED**'
 */
export function redactPath(path: string): string {
  return path.replace(/(X-Amz-(?:Signature|Security-Token)=)[^&]*/gi, '$1**REDACTED**')
}

/**
 * Wraps `module` so every exchange is traced to `log`.
 * @example
 * new Client({ endPoint: 'localhost', port: 9000, useSSL: false, transport: createDebugTransport(http, process.stderr) })
 */
export function createDebugTransport(module: RequestModule, log: Writable): RequestModule {
  return {
    request(options, onResponse) {
      const started = Date.now()
      const lines = [`> ${options.method ?? 'GET'} ${redactPath(options.path ?? '/')} HTTP/1.1`]
      for (const [name, value] of Object.entries(options.headers ?? {})) {
        lines.push(`> ${name}: ${redactHeader(name, String(value))}`)
      }
      log.write(`${lines.join('\n')}\n>\n`)
      const req = module.request(options, (res) => {
        const reply = [`< HTTP/${res.httpVersion} ${res.statusCode} ${res.statusMessage ?? ''}`.trimEnd()]
        for (const [name, value] of Object.entries(res.headers)) {
          reply.push(`< ${name}: ${redactHeader(name, String(value))}`)
        }
        reply.push(`< (${Date.now() - started} ms)`)
        log.write(`${reply.join('\n')}\n<\n`)
        onResponse(res)
      })
      req.on('error', (error) =>
        log.write(`! ${options.method ?? 'GET'} ${redactPath(options.path ?? '/')}: ${error.message}\n`),
      )
      return req
    },
  }
}
