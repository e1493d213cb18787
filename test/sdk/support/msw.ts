/** One msw server per test file; any request without a handler fails the test. */
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll } from 'vitest'

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
