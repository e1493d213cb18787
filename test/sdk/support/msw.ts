/** One msw server per test file; any request without a handler fails the test. */
import { HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll } from 'vitest'
import { Client, type ClientOptions } from '../../../src/index.js'

/** Where the mock server answers: msw catches every request a `mockClient` sends there. */
export const MOCK_BASE = 'http://localhost:9000'

/**
 * A client for MOCK_BASE with key AK/SK and region us-east-1 (so it sends no location lookup
 * first); `options` change any of them.
 */
export function mockClient(options: Partial<ClientOptions> = {}): Client {
  return new Client({
    endPoint: 'localhost',
    port: 9000,
    useSSL: false,
    accessKey: 'AK',
    secretKey: 'SK',
    region: 'us-east-1',
    ...options,
  })
}

/** An answer with an XML body, as S3 sends them. */
export function xmlResponse(body: string, status = 200): HttpResponse<string> {
  return new HttpResponse(body, { status, headers: { 'content-type': 'application/xml' } })
}

/** S3's answer to a CopyObject: etag "abc", last modified 2024-02-03T04:05:06Z. */
export function copyObjectResponse(): HttpResponse<string> {
  return xmlResponse(
    '<CopyObjectResult><LastModified>2024-02-03T04:05:06.000Z</LastModified><ETag>"abc"</ETag></CopyObjectResult>',
  )
}

/** A request as the server saw it. */
export interface SeenRequest {
  method: string
  url: URL
  headers: Headers
  /** The request body, read in the background. */
  body: Promise<Uint8Array>
}

/**
 * Starts msw for the current test file and returns it with the list of requests seen.
 * @example
 * const { server, seen } = useMockServer()
 */
export function useMockServer() {
  const server = setupServer()
  const seen: SeenRequest[] = []
  server.events.on('request:start', ({ request }) => {
    const body = request
      .clone()
      .arrayBuffer()
      .then((buffer) => new Uint8Array(buffer))
    seen.push({ method: request.method, url: new URL(request.url), headers: request.headers, body })
  })
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
  afterEach(() => {
    server.resetHandlers()
    seen.length = 0
  })
  afterAll(() => server.close())
  return { server, seen }
}
