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
  // A transport of the user's own gets headers as an object, as minio-js hands them over.
  const flat = custom === undefined || custom === http || custom === https
  // Read per request: setRequestOptions may change them after the client was created.
  return (request) => send(module(), agent, options.requestOptions ?? NO_OPTIONS, flat, request)
}

const NO_OPTIONS: RequestOptions = Object.freeze({})

function send(
  module: RequestModule,
  agent: http.Agent,
  extra: RequestOptions,
  flat: boolean,
  request: WireRequest,
): Promise<WireResponse> {
  return new Promise((resolve, reject) => {
    const { signal, body } = request
    let written: Promise<void> | undefined
    const req = module.request(requestOptions(agent, extra, flat, request), (res) => {
      // A success must not hide a body that failed to send (e.g. a stream shorter than its size);
      // an error response sent early is more telling than the write failure that follows it.
      if (written !== undefined && res.statusCode! < 300)
        written.then(() => resolve(new NodeResponse(res)), reject)
      else resolve(new NodeResponse(res))
    })
    if (extra.timeout) {
      req.setTimeout(extra.timeout, () => req.destroy(timeoutError(request, extra.timeout!)))
    }
    req.on('error', (cause) => {
      if (cause instanceof TimeoutError) return reject(cause)
      reject(signal?.aborted ? abortError(signal) : networkError(request, cause))
    })
    // Nothing, or bytes in memory nobody watches: one end() hands headers and body to the
    // connection together (one write), with no promise to wait on.
    if (body === undefined || (body instanceof Uint8Array && request.onSent === undefined)) req.end(body)
    else {
      written = writeBody(req, body, request.onSent)
      written.catch((error: Error) => {
        reject(error)
        req.destroy(error)
      })
    }
  })
}

// For node:http the headers go as a flat [name, value, ...] list: it then renders the head at
// once (validating each header as setHeader would) instead of storing them one by one first.
function requestOptions(
  agent: http.Agent,
  extra: RequestOptions,
  flat: boolean,
  request: WireRequest,
): http.RequestOptions {
  const plain = isEmpty(extra)
  const chosen = plain ? agent : ((extra.agent as http.Agent | undefined) ?? agent)
  const nodeAgent = isNodeAgent(chosen)
  const own: http.RequestOptions & { servername?: string } = {
    agent: chosen,
    method: request.method,
    host: request.hostname,
    port: request.port,
    path: request.path,
    headers: flat && nodeAgent ? flatten(request.headers) : request.headers,
    signal: request.signal,
  }
  // node's agents work out a TLS server name (SNI) for every request, from the Host header and
  // an IP address test, unless one is given; plain HTTP has no use for it.
  if (plain && request.protocol === 'http:' && chosen.constructor === http.Agent) own.servername = ''
  if (plain) return own
  // setRequestOptions first, so the request's own values win.
  return { ...(extra as http.RequestOptions), ...own }
}

// Agents that add or rewrite headers (HTTP proxy agents re-render the head from the headers
// set one by one) must see them as an object: the flat list is for node's own agents.
function isNodeAgent(agent: http.Agent): boolean {
  const kind = agent.constructor
  return kind === http.Agent || kind === https.Agent
}

function flatten(headers: Readonly<Record<string, string>>): http.OutgoingHttpHeaders {
  const list: string[] = []
  for (const name in headers) list.push(name, headers[name]!)
  return list as unknown as http.OutgoingHttpHeaders
}

function isEmpty(options: object): boolean {
  for (const _ in options) return false
  return true
}

// Bytes in memory are written in slices of this size when someone listens for progress, so a
// 16 MiB part reports as it goes instead of once at the end.
const PROGRESS_SLICE = 64 * 1024

async function writeBody(
  req: ClientRequest,
  body: Exclude<WireBody, undefined>,
  onSent: ((bytes: number) => void) | undefined,
): Promise<void> {
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

// A class rather than an object of closures: one allocation per response.
class NodeResponse implements WireResponse {
  readonly status: number
  readonly #res: IncomingMessage

  constructor(res: IncomingMessage) {
    this.status = res.statusCode ?? 0
    this.#res = res
  }

  // node:http builds the header object on first use; a GET that only streams never asks.
  get headers(): IncomingMessage['headers'] {
    return this.#res.headers
  }

  // A PUT reads its ETag and version ID: found in the raw list, without building the header
  // object (~4% of the client's time in a profile of 1 KiB PUTs). A repeated name takes node's
  // object, whose rules for repeats (first wins, or joined) it keeps.
  header(name: string): string | undefined {
    const raw = this.#res.rawHeaders
    let found: string | undefined
    for (let i = 0; i < raw.length; i += 2) {
      const candidate = raw[i]!
      if (candidate.length !== name.length || candidate.toLowerCase() !== name) continue
      if (found !== undefined) {
        const value = this.#res.headers[name]
        return Array.isArray(value) ? value.join(', ') : value
      }
      found = raw[i + 1]
    }
    return found
  }

  stream(): Promise<IncomingMessage> {
    return Promise.resolve(this.#res)
  }

  text(): Promise<string> {
    return readText(this.#res)
  }

  discard(): Promise<void> {
    return discard(this.#res)
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
