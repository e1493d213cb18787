/**
 * setRequestOptions is really applied (minio-js drops `timeout` and lets transportAgent override
 * `agent`): a given agent carries the requests, a timeout fails an idle request with
 * TimeoutError, and bad options are refused by name.
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Client, InvalidArgumentError, TimeoutError } from '../../../src/index.js'

let server: http.Server
let port: number
const hanging = new Set<http.ServerResponse>()

beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (req.url?.startsWith('/slow')) {
      hanging.add(res) // never answers
      return
    }
    res.writeHead(200, { 'content-length': 0 }).end()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  port = (server.address() as AddressInfo).port
})
afterAll(async () => {
  for (const res of hanging) res.destroy()
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
})

const client = (options: Partial<ConstructorParameters<typeof Client>[0]> = {}) =>
  new Client({
    endPoint: '127.0.0.1',
    port,
    useSSL: false,
    accessKey: 'AK',
    secretKey: 'SECRETKEY',
    region: 'us-east-1',
    ...options,
  })

class CountingAgent extends http.Agent {
  connections = 0
  override createConnection(...args: Parameters<http.Agent['createConnection']>) {
    this.connections++
    return super.createConnection(...args)
  }
}

describe('setRequestOptions', () => {
  it('uses its agent, even over transportAgent', async () => {
    const transportAgent = new CountingAgent()
    const agent = new CountingAgent({ keepAlive: true })
    const c = client({ transportAgent })
    c.setRequestOptions({ agent })
    expect(await c.bucketExists('fast-bucket')).toBe(true)
    expect(await c.bucketExists('fast-bucket')).toBe(true)
    expect({ given: agent.connections, transport: transportAgent.connections }).toEqual({
      given: 1,
      transport: 0,
    })
    agent.destroy()
    transportAgent.destroy()
  })

  it('fails a request idle longer than its timeout with TimeoutError', async () => {
    const c = client()
    c.setRequestOptions({ timeout: 200 })
    const started = Date.now()
    const error = await c.bucketExists('slow-bucket').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(TimeoutError)
    expect((error as Error).message).toMatch(/200 ms/)
    expect(Date.now() - started).toBeLessThan(5_000)
  })

  it('refuses unknown options and wrong types, naming them', () => {
    const c = client()
    expect(() => c.setRequestOptions({ headers: {} } as never)).toThrow(InvalidArgumentError)
    expect(() => c.setRequestOptions({ headers: {} } as never)).toThrow(/unknown option 'headers'/)
    expect(() => c.setRequestOptions({ rejectUnauthorized: 'no' } as never)).toThrow(
      /'rejectUnauthorized' must be a boolean/,
    )
    expect(() => c.setRequestOptions({ timeout: -1 })).toThrow(/timeout/)
  })
})
