/**
 * Network failures carry the system error `code` as minio-js's errors do, so minio-js code that
 * checks `err.code === 'ECONNREFUSED'` works unchanged: a closed port, a server that resets the
 * connection, a host that does not resolve, and a request that times out. Each failure is also
 * provoked through `minio` (npm) and the codes compared.
 */
import http from 'node:http'
import net, { type AddressInfo } from 'node:net'
import * as Minio from 'minio'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Client, NetworkError, TimeoutError } from '../../../src/index.js'
import { outcome } from './helpers.js'

const CREDENTIALS = { accessKey: 'AK', secretKey: 'SECRETSECRET', useSSL: false, region: 'us-east-1' }

let closedPort: number
let resetter: net.Server
let silent: http.Server
const hung: http.ServerResponse[] = []

beforeAll(async () => {
  const probe = http.createServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  closedPort = (probe.address() as AddressInfo).port
  await new Promise((resolve) => probe.close(resolve))
  // Accepts the connection and resets it as soon as the request arrives.
  resetter = net.createServer((socket) => socket.once('data', () => socket.resetAndDestroy()))
  await new Promise<void>((resolve) => resetter.listen(0, '127.0.0.1', resolve))
  // Never answers.
  silent = http.createServer((_req, res) => hung.push(res))
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
})

afterAll(async () => {
  for (const res of hung) res.destroy()
  await new Promise((resolve) => resetter.close(resolve))
  silent.closeAllConnections()
  await new Promise((resolve) => silent.close(resolve))
})

function clients(endPoint: string, port: number) {
  return {
    silo: new Client({ endPoint, port, ...CREDENTIALS }),
    minio: new Minio.Client({ endPoint, port, ...CREDENTIALS }),
  }
}

describe('network errors carry a code, as minio-js errors do', () => {
  it('ECONNREFUSED on a closed port', async () => {
    const { silo, minio } = clients('127.0.0.1', closedPort)
    const ours = await outcome(() => silo.listBuckets())
    const theirs = await outcome(() => minio.listBuckets())
    expect(theirs).toMatchObject({ ok: false, code: 'ECONNREFUSED' })
    expect(ours).toMatchObject({ ok: false, name: 'NetworkError', code: 'ECONNREFUSED' })
    const error = await silo.bucketExists('photos').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(NetworkError)
    expect((error as NetworkError).code).toBe('ECONNREFUSED')
  })

  it('ECONNRESET when the server resets the connection', async () => {
    const port = (resetter.address() as AddressInfo).port
    const { silo, minio } = clients('127.0.0.1', port)
    const theirs = await outcome(() => minio.statObject('photos', 'a.jpg'))
    const ours = await outcome(() => silo.statObject('photos', 'a.jpg'))
    expect(theirs).toMatchObject({ ok: false, code: 'ECONNRESET' })
    expect(ours).toMatchObject({ ok: false, name: 'NetworkError', code: 'ECONNRESET' })
  })

  it('ENOTFOUND for a host that does not resolve', async () => {
    const { silo, minio } = clients('silo-no-such-host.invalid', 80)
    const theirs = await outcome(() => minio.listBuckets())
    const ours = await outcome(() => silo.listBuckets())
    expect(theirs).toMatchObject({ ok: false, code: 'ENOTFOUND' })
    expect(ours).toMatchObject({ ok: false, name: 'NetworkError', code: 'ENOTFOUND' })
  })

  it('ETIMEDOUT when the request times out', async () => {
    const port = (silent.address() as AddressInfo).port
    const silo = new Client({ endPoint: '127.0.0.1', port, ...CREDENTIALS })
    silo.setRequestOptions({ timeout: 200 })
    const error = await silo.listBuckets().catch((e: unknown) => e)
    expect(error).toBeInstanceOf(TimeoutError)
    expect((error as TimeoutError).code).toBe('ETIMEDOUT')
  })

  it('a NetworkError built from a cause without a code says ERR_NETWORK (fetch in browsers)', () => {
    expect(new NetworkError('failed', { cause: new TypeError('Failed to fetch') }).code).toBe('ERR_NETWORK')
    const undici = new TypeError('fetch failed', {
      cause: Object.assign(new Error('x'), { code: 'ECONNRESET' }),
    })
    expect(new NetworkError('failed', { cause: undici }).code).toBe('ECONNRESET')
  })
})
