import { request as httpRequest } from 'node:http'
import {
  CreateBucketCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
} from '@aws-sdk/client-s3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ServerInfo } from '../../src/index.js'
import { nodeCrypto } from '../../src/server/auth/node-crypto.js'
import { encryptAdminBody } from '../../src/shared/admin-crypto/index.js'
import { formatAmzDate, signRequest, UNSIGNED_PAYLOAD } from '../../src/shared/sigv4/index.js'
import { type AdminHarness, codeOf, ROOT, startAdminHarness } from '../sdk/admin/admin-harness.js'
import { s3 as signed } from '../server/helpers/signed-request.js'

let h: AdminHarness
const asRoot = { accessKey: ROOT.accessKey, secretKey: ROOT.secretKey, region: '' }

beforeAll(async () => {
  h = await startAdminHarness()
  await h.s3().send(new CreateBucketCommand({ Bucket: 'files' }))
  await h.s3().send(new PutObjectCommand({ Bucket: 'files', Key: 'a.bin', Body: Buffer.alloc(3000, 7) }))
})
afterAll(() => h.stop())

describe('info and service status', () => {
  it('info answers one record per server with exactly the seed fields', async () => {
    const res = await signed(h.url, 'GET', '/silo/admin/v1/info', {
      ...asRoot,
      headers: { 'accept-encoding': 'gzip' },
    })
    expect(res.status).toBe(200)
    expect(res.headers['content-type']).toBe('application/json')
    expect(res.headers['transfer-encoding']).toBe('chunked')
    expect(res.headers['content-security-policy']).toBe('block-all-mixed-content')
    expect(res.headers.vary).toBe('Origin')
    expect(res.headers['x-amz-request-id']).toMatch(/^[0-9A-F]+$/)
    const records = JSON.parse(res.text) as Array<Record<string, unknown>>
    expect(records).toHaveLength(1)
    const [info] = records as unknown as [ServerInfo]
    expect(Object.keys(info).sort()).toEqual([
      'address',
      'error',
      'network',
      'server',
      'service',
      'status',
      'storage',
    ])
    expect(info.status).toBe('success')
    expect(info.service).toBe('on')
    expect(info.address).toBe(`127.0.0.1:${h.port}`)
    expect(info.error).toBe('')
    expect(info.storage).toEqual({ used: expect.any(Number), backend: { backendType: 'FS' } })
    expect(info.storage.used).toBeGreaterThanOrEqual(3000)
    expect(Object.keys(info.network).sort()).toEqual(['received', 'transferred'])
    expect(info.network.received).toBeGreaterThan(3000) // the PUT of 3000 bytes came in
    expect(info.network.transferred).toBeGreaterThan(0)
    const server = info.server
    expect(Object.keys(server).sort()).toEqual(['commitID', 'region', 'sqsARN', 'uptime', 'version'])
    expect(server.uptime).toEqual(expect.any(Number))
    expect(server.version).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/)
    expect(server.commitID).toMatch(/^([0-9a-f]{40}|silo@.+)$/)
    expect(server.region).toBe('us-east-1')
    expect(server.sqsARN).toEqual([])
    const [viaClient] = await h.admin().serverInfo()
    expect(viaClient!.server.version).toBe(server.version)
  })

  it('service status reports the uptime in seconds', async () => {
    const status = await h.admin().serviceStatus()
    expect(status.uptime).toBeGreaterThanOrEqual(0)
    expect(status.uptime).toBeLessThan(600)
    expect(status.serverVersion.version).toMatch(/Z$/)
  })

  it('calls back when given a callback', async () => {
    const status = await new Promise((resolve, reject) =>
      h.admin().serviceStatus((err, result) => (err ? reject(err) : resolve(result))),
    )
    expect(status).toMatchObject({ status: 'success' })
  })
})

describe('admin request rules', () => {
  it('an unknown route is 405 MethodNotAllowed in JSON naming the path', async () => {
    const res = await signed(h.url, 'GET', '/silo/admin/v1/no-such-thing', asRoot)
    expect(res.status).toBe(405)
    const body = JSON.parse(res.text)
    expect(body).toMatchObject({ Code: 'MethodNotAllowed', Resource: '/silo/admin/v1/no-such-thing' })
    expect(body.Message).toContain('/silo/admin/v1/no-such-thing')
    expect(body.RequestId).toBe(res.headers['x-amz-request-id'])
  })

  it('anonymous, UNSIGNED-PAYLOAD with a body and non-root requests are AccessDenied', async () => {
    const anonymous = await fetch(`${h.url}/silo/admin/v1/info`)
    expect(anonymous.status).toBe(403)
    expect((await anonymous.json()).Code).toBe('AccessDenied')
    // Without a body UNSIGNED-PAYLOAD is the seed's own call (admin-unsigned-payload.test.ts).
    const unsigned = await signed(h.url, 'POST', '/silo/admin/v1/service/restart', {
      ...asRoot,
      body: '{}',
      payloadHash: UNSIGNED_PAYLOAD,
    })
    expect(JSON.parse(unsigned.text).Code).toBe('AccessDenied')
    await h.admin().addUser('not-root', 'not-root-secret', 'readwrite')
    expect(await codeOf(h.admin({ accessKey: 'not-root', secretKey: 'not-root-secret' }).serverInfo())).toBe(
      'AccessDenied',
    )
  })

  it('heal answers that it applies only to erasure-coded setups', async () => {
    const err = await h
      .admin()
      .heal({ bucket: 'files', recursive: true })
      .catch((e: Error & { code: string }) => e)
    expect(err).toMatchObject({ code: 'XSiloHealNotImplemented', statusCode: 501 })
    expect((err as Error).message).toContain('erasure-coded')
  })

  it('a body encrypted with another key is refused clearly', async () => {
    const body = Buffer.from(
      await encryptAdminBody(
        'not-the-root-secret',
        JSON.stringify({ secretKey: 'x'.repeat(10), policy: 'readonly' }),
      ),
    )
    const res = await signed(h.url, 'PUT', '/silo/admin/v1/users/someone', { ...asRoot, body })
    expect(res.status).toBe(400)
    const error = JSON.parse(res.text)
    expect(error.Code).toBe('XSiloAdminBodyDecryptFailed')
    expect(error.Message).toContain('secret key is wrong')
  })
})

describe('configuration', () => {
  it('config get → edit → set → restart changes the region; bad documents name the field', async () => {
    const admin = h.admin()
    const config = await admin.getConfig()
    // A fresh server: no region configured (us-east-1 reported, any accepted), the notify
    // template, every kind with a disabled instance "1".
    expect(config).toMatchObject({ version: '1', region: '' })
    expect(config.notify.webhook).toEqual({ '1': { enable: false, endpoint: '' } })
    await admin.setConfig({ ...config, region: 'eu-north-1' })
    expect((await admin.getConfig()).region).toBe('eu-north-1')
    // Stored, not yet in effect.
    expect((await admin.serverInfo())[0]!.server.region).toBe('us-east-1')
    const restarted = await admin.serviceRestart()
    expect(restarted).toMatchObject({ status: 'success', region: 'eu-north-1', errors: [] })
    expect((await admin.serverInfo())[0]!.server.region).toBe('eu-north-1')
    // S3 requests must now be signed for the new region.
    expect(
      await codeOf(h.s3(ROOT, 'us-east-1').send(new HeadObjectCommand({ Bucket: 'files', Key: 'a.bin' }))),
    ).not.toBe('no error')
    await h.s3(ROOT, 'eu-north-1').send(new HeadObjectCommand({ Bucket: 'files', Key: 'a.bin' }))

    const bad = async (doc: unknown) =>
      admin.setConfig(doc as never).catch((e: Error & { code: string }) => `${e.code}: ${e.message}`)
    expect(await bad({ version: '1', region: 'x', notify: {}, credential: {} })).toMatch(
      /^XSiloAdminConfigBadJSON: .*credential: unknown top-level key/,
    )
    expect(await bad({ version: '2', notify: {} })).toContain('version: must be "1"')
    expect(await bad({ version: '1', notify: { redis: { '1': { enable: true } } } })).toContain(
      'notify.redis["1"]',
    )
    expect(await bad({ version: '1', notify: { carrier: {} } })).toContain('notify.carrier')
    expect((await admin.getConfig()).region).toBe('eu-north-1')
    await admin.setConfig({ version: '1', region: '', notify: {} })
    await admin.serviceRestart()
    expect((await admin.serverInfo())[0]!.server.region).toBe('us-east-1')
  })
})

/** Starts a PUT of `size` bytes sent slowly; resolves with the HTTP status (or 'failed'). */
function slowPut(key: string, size: number, chunk: number, everyMs: number): Promise<number | 'failed'> {
  const url = new URL(h.url)
  const date = new Date()
  const headers: Record<string, string> = {
    host: url.host,
    'x-amz-date': formatAmzDate(date),
    'x-amz-content-sha256': UNSIGNED_PAYLOAD,
    'content-length': String(size),
  }
  const path = `/files/${key}`
  const { authorization } = signRequest(
    nodeCrypto,
    { method: 'PUT', path, headers },
    {
      ...ROOT,
      region: 'us-east-1',
      date,
      signedHeaders: ['host', 'x-amz-date', 'x-amz-content-sha256'],
    },
  )
  return new Promise((resolve) => {
    const req = httpRequest({
      method: 'PUT',
      hostname: url.hostname,
      port: url.port,
      path,
      headers: { ...headers, authorization },
    })
    req.on('response', (res) => {
      res.resume()
      res.on('end', () => resolve(res.statusCode ?? 0))
    })
    req.on('error', () => resolve('failed'))
    let sent = 0
    const timer = setInterval(() => {
      if (req.destroyed) return clearInterval(timer)
      const n = Math.min(chunk, size - sent)
      req.write(Buffer.alloc(n, 1))
      sent += n
      if (sent >= size) {
        clearInterval(timer)
        req.end()
      }
    }, everyMs)
  })
}

describe('service restart during uploads', () => {
  it('an upload that finishes within the drain time completes; one that outlasts it is cut and leaves nothing', async () => {
    const quick = slowPut('quick.bin', 40_000, 10_000, 100) // ~0.4 s
    const slow = slowPut('slow.bin', 400_000, 10_000, 100) // ~4 s
    await new Promise((r) => setTimeout(r, 150))
    const result = await h.admin().serviceRestart({ drainSeconds: 1.5 })
    expect(result.cancelled).toBeGreaterThanOrEqual(1)
    expect(await quick).toBe(200)
    expect(await slow).toBe('failed')
    const got = await h.s3().send(new GetObjectCommand({ Bucket: 'files', Key: 'quick.bin' }))
    expect(Buffer.from(await got.Body!.transformToByteArray()).equals(Buffer.alloc(40_000, 1))).toBe(true)
    expect(await codeOf(h.s3().send(new HeadObjectCommand({ Bucket: 'files', Key: 'slow.bin' })))).toBe(
      'NotFound',
    )
    // The server keeps serving.
    expect((await h.admin().serviceStatus()).status).toBe('success')
  })
})
