/**
 * The Node sender: node:http / node:https (or the `transport` option), a keep-alive agent by default
 * (or `transportAgent`). The module's `request` is looked up per call, so request interceptors that
 * patch it (msw, nock) see our traffic.
 */
import http, { type ClientRequest, type IncomingMessage } from 'node:http'
import https from 'node:https'
import { checkLength, iterateChunks } from '../body/chunks.js'
import { InvalidArgumentError, NetworkError, TimeoutError } from '../errors.js'
import type { RequestOptions } from '../request-options/request-options.js'
import { abortError } from './abort.js'
import type { HttpSend, SendOptions, WireBody, WireRequest, WireResponse } from './types.js'

interface RequestModule {
  request(options: http.RequestOptions, onResponse: (res: IncomingMessage) => void): ClientRequest
}

let httpAgent: http.Agent | undefined
let httpsAgent: https.Agent | undefined

function defaultAgent(useSSL: boolean): http.Agent {
  if (useSSL) {
    httpsAgent ??= new https.Agent({ keepAlive: true })
    return httpsAgent
  }
  httpAgent ??= new http.Agent({ keepAlive: true })
  return httpAgent
}

/**
 * Builds the Node sender for one client.
 * @example
 * const send = createNodeSend({ useSSL: false })
 */
export function createNodeSend(
  options: SendOptions & { readonly requestOptions?: RequestOptions },
): HttpSend {
  const custom = options.transport as Partial<RequestModule> | undefined
  if (custom !== undefined && typeof custom.request !== 'function') {
    throw new InvalidArgumentError(
      'Invalid transport: must be an object with a request(options, callback) method, like node:http',
    )
  }
  const agent = (options.transportAgent as http.Agent | undefined) ?? defaultAgent(options.useSSL)
  const module = (): RequestModule => (custom as RequestModule | undefined) ?? (options.useSSL ? https : http)
  // Read per request: setRequestOptions may change them after the client was created.
  return (request) => send(module(), agent, options.requestOptions ?? {}, request)
}

function send(
  module: RequestModule,
  agent: http.Agent,
  extra: RequestOptions,
  request: WireRequest,
): Promise<WireResponse> {
  return new Promise((resolve, reject) => {
    const { signal } = request
    const req = module.request(
      {
        // setRequestOptions first, so the request's own values below win (agent aside).
        ...(extra as http.RequestOptions),
        agent: (extra.agent as http.Agent | undefined) ?? agent,
        method: request.method,
        host: request.hostname,
        port: request.port,
        path: request.path,
        headers: request.headers,
        signal,
      },
      (res) => {
        // A success must not hide a body that failed to send (e.g. a stream shorter than its size);
        // an error response sent early is more telling than the write failure that follows it.
        if (res.statusCode! < 300) written.then(() => resolve(wrapResponse(res)), reject)
        else resolve(wrapResponse(res))
      },
    )
    if (extra.timeout) {
      req.setTimeout(extra.timeout, () => req.destroy(timeoutError(request, extra.timeout!)))
    }
    req.on('error', (cause) => {
      if (cause instanceof TimeoutError) return reject(cause)
      reject(signal?.aborted ? abortError(signal) : networkError(request, cause))
    })
    const written = writeBody(req, request.body, request.onSent)
    written.catch((error: Error) => {
      reject(error)
      req.destroy(error)
    })
  })
}

// Bytes in memory are written in slices of this size when someone listens for progress, so a
// 16 MiB part reports as it goes instead of once at the end.
const PROGRESS_SLICE = 64 * 1024

async function writeBody(
  req: ClientRequest,
  body: WireBody,
  onSent: ((bytes: number) => void) | undefined,
): Promise<void> {
  if (body === undefined || (body instanceof Uint8Array && onSent === undefined)) {
    req.end(body)
    return
  }
  const chunks =
    body instanceof Uint8Array
      ? sliceBytes(body, PROGRESS_SLICE)
      : checkLength(iterateChunks(body.stream), body.length)
  for await (const chunk of chunks) {
    // Counted once the connection takes it (after a drain when its buffer was full).
    if (!req.write(chunk)) await new Promise((resolve) => req.once('drain', resolve))
    onSent?.(chunk.byteLength)
  }
  req.end()
}

function* sliceBytes(bytes: Uint8Array, size: number): Generator<Uint8Array> {
  for (let at = 0; at < bytes.byteLength; at += size) yield bytes.subarray(at, at + size)
}

function wrapResponse(res: IncomingMessage): WireResponse {
  return {
    status: res.statusCode ?? 0,
    headers: res.headers,
    stream: () => Promise.resolve(res),
    text: () => readText(res),
    discard: () => discard(res),
  }
}

// Resolving only at the body's end hands the socket back to the agent before the caller's next
// request; otherwise back-to-back calls alternate between two connections.
function discard(res: IncomingMessage): Promise<void> {
  res.resume()
  if (res.readableEnded || res.destroyed) return Promise.resolve()
  return new Promise((resolve) => {
    res
      .once('end', resolve)
      .once('close', resolve)
      .once('error', () => resolve())
  })
}

async function readText(res: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of res) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}

function timeoutError(request: WireRequest, ms: number): TimeoutError {
  const where = `${request.method} ${request.protocol}//${request.headers.host}`
  return new TimeoutError(`${where} timed out: no activity for ${ms} ms (setRequestOptions timeout)`)
}

function networkError(request: WireRequest, cause: Error): NetworkError {
  const code = (cause as NodeJS.ErrnoException).code
  const where = `${request.method} ${request.protocol}//${request.headers.host}`
  return new NetworkError(`${where} failed: ${code ? `${code} ` : ''}${cause.message}`, { cause })
}
