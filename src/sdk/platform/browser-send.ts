/**
 * The browser sender: `fetch` (or the `transport` option's `fetch`). Response bodies become
 * `readable-stream` Readables so callers get the same stream API as in Node.
 */
import { isBlob, iterateChunks } from '../body/chunks.js'
import { InvalidArgumentError, NetworkError } from '../errors.js'
import { abortError } from './abort.js'
import { LightReadable } from './light-readable.js'
import type { BodyStream, HttpSend, SendOptions, WireBody, WireRequest, WireResponse } from './types.js'

type Fetch = typeof fetch

// Browsers set these themselves and refuse them from scripts (Fetch "forbidden request-header names").
const FORBIDDEN = new Set(['host', 'content-length', 'user-agent', 'connection'])

/**
 * Builds the fetch-based sender for one client.
 * @example
 * const send = createBrowserSend({ useSSL: true })
 */
export function createBrowserSend(options: SendOptions): HttpSend {
  const custom = (options.transport as { fetch?: unknown } | undefined)?.fetch
  if (options.transport !== undefined && typeof custom !== 'function') {
    throw new InvalidArgumentError(
      'Invalid transport: in browsers it must be an object with a fetch function',
    )
  }
  const fetchFn: Fetch = (custom as Fetch | undefined) ?? ((input, init) => globalThis.fetch(input, init))
  return (request) => send(fetchFn, request)
}

async function send(fetchFn: Fetch, request: WireRequest): Promise<WireResponse> {
  const headers: Record<string, string> = {}
  for (const name in request.headers) if (!FORBIDDEN.has(name)) headers[name] = request.headers[name]!
  const url = `${request.protocol}//${request.headers.host}${request.path}`
  let res: Response
  try {
    res = await fetchFn(url, {
      method: request.method,
      headers,
      body: await toFetchBody(request.body),
      signal: request.signal,
    })
  } catch (cause) {
    if (request.signal?.aborted) throw abortError(request.signal)
    throw new NetworkError(`${request.method} ${url} failed: ${(cause as Error).message}`, { cause })
  }
  return wrapResponse(res)
}

// Streaming request bodies need HTTP/2 and `duplex: 'half'`, which not every browser offers, so a
// stream is gathered into a Blob (uploads are bounded by the part size).
async function toFetchBody(body: WireBody): Promise<BodyInit | undefined> {
  if (body === undefined) return undefined
  if (body instanceof Uint8Array) return body as Uint8Array<ArrayBuffer>
  if (isBlob(body.stream)) return body.stream
  const parts: Uint8Array<ArrayBuffer>[] = []
  for await (const chunk of iterateChunks(body.stream)) parts.push(chunk as Uint8Array<ArrayBuffer>)
  return new Blob(parts)
}

function wrapResponse(res: Response): WireResponse {
  const headers: Record<string, string> = {}
  res.headers.forEach((value, name) => {
    headers[name] = value
  })
  return {
    status: res.status,
    headers,
    header: (name) => headers[name],
    // A light readable (light-readable.ts) rather than readable-stream: same surface, ~36 KB less.
    stream: async () =>
      new LightReadable(res.body ? iterateChunks(res.body) : noChunks()) as unknown as BodyStream,
    text: () => res.text(),
    discard: async () => {
      await res.body?.cancel().catch(() => {})
    },
  }
}

async function* noChunks(): AsyncGenerator<Uint8Array> {}
