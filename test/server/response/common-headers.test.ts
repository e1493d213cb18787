import { createServer, type IncomingMessage, request, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { S3Response, setCommonHeaders } from '../../../src/server/response/common-headers.js'

/**
 * Every S3 response carries x-amz-request-id, Server and Accept-Ranges, however its handler
 * writes the head; what a handler sets itself wins.
 */
const servers: Server[] = []
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  }
})

async function headersOf(handler: (res: ServerResponse) => void): Promise<IncomingMessage['headers']> {
  const server = createServer({ ServerResponse: S3Response }, (_req, res) => {
    setCommonHeaders(res, 'REQ1')
    handler(res)
  })
  servers.push(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return new Promise((resolve, reject) => {
    request({ port, host: '127.0.0.1' }, (res) => {
      res.resume()
      res.on('end', () => resolve(res.headers))
    })
      .on('error', reject)
      .end()
  })
}

const COMMON = { 'x-amz-request-id': 'REQ1', server: 'Silo', 'accept-ranges': 'bytes' }

describe('the common headers of an S3 response', () => {
  it('join the headers given to writeHead', async () => {
    const headers = await headersOf((res) => res.writeHead(200, { etag: '"e"' }).end('x'))
    expect(headers).toMatchObject({ ...COMMON, etag: '"e"' })
  })

  it('join a status message and headers', async () => {
    const headers = await headersOf((res) => res.writeHead(200, 'OK', { etag: '"e"' }).end())
    expect(headers).toMatchObject({ ...COMMON, etag: '"e"' })
  })

  it('join headers set with setHeader before writeHead', async () => {
    const headers = await headersOf((res) => {
      res.setHeader('retry-after', '1')
      res.writeHead(503, { 'content-length': 0 }).end()
    })
    expect(headers).toMatchObject({ ...COMMON, 'retry-after': '1' })
  })

  it('are sent when the head is implicit (end without writeHead)', async () => {
    const headers = await headersOf((res) => res.end('body'))
    expect(headers).toMatchObject(COMMON)
  })

  it('join headers given as a flat array', async () => {
    const headers = await headersOf((res) => res.writeHead(200, ['etag', '"e"']).end())
    expect(headers).toMatchObject({ ...COMMON, etag: '"e"' })
  })

  it("give way to a handler's own value, passed or set", async () => {
    const passed = await headersOf((res) => res.writeHead(200, { 'accept-ranges': 'none' }).end())
    expect(passed['accept-ranges']).toBe('none')
    const set = await headersOf((res) => {
      res.setHeader('accept-ranges', 'none')
      res.end()
    })
    expect(set['accept-ranges']).toBe('none')
  })

  it('are set at once on a response of another class', () => {
    const set = new Map<string, unknown>()
    setCommonHeaders(
      { setHeader: (name: string, value: unknown) => set.set(name, value) } as unknown as ServerResponse,
      'R2',
    )
    expect(Object.fromEntries(set)).toEqual({ ...COMMON, 'x-amz-request-id': 'R2' })
  })
})
