import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { errorCode, sendSigned } from './helpers/raw-request.js'
import { ROOT_PASSWORD, ROOT_USER, type RunningServer, startServer } from './helpers/server.js'

let server: RunningServer
const root = { accessKey: ROOT_USER, secretKey: ROOT_PASSWORD }
const bucket = `bad-${randomBytes(3).toString('hex')}`

beforeAll(async () => {
  server = await startServer()
  const made = await sendSigned(server.url, { ...root, method: 'PUT', path: `/${bucket}` })
  expect(made.status).toBe(200)
})
afterAll(async () => {
  await server?.stop()
})

async function objectStatus(key: string): Promise<number> {
  return (await sendSigned(server.url, { ...root, method: 'HEAD', path: `/${bucket}/${key}` })).status
}

async function bucketStatus(name: string): Promise<number> {
  return (await sendSigned(server.url, { ...root, method: 'HEAD', path: `/${name}` })).status
}

describe('requests the server must refuse, changing nothing', () => {
  it('a wrong secret key gets SignatureDoesNotMatch and stores nothing', async () => {
    const res = await sendSigned(server.url, {
      accessKey: ROOT_USER,
      secretKey: 'not-the-secret',
      method: 'PUT',
      path: `/${bucket}/forged`,
      body: 'x',
    })
    expect(res.status).toBe(403)
    expect(errorCode(res.body)).toBe('SignatureDoesNotMatch')
    expect(res.headers.get('x-amz-request-id')).toBeTruthy()
    expect(await objectStatus('forged')).toBe(404)
  })

  it('an unknown access key gets InvalidAccessKeyId', async () => {
    const res = await sendSigned(server.url, {
      accessKey: 'nobody-knows-me',
      secretKey: 'whatever-secret',
      method: 'PUT',
      path: `/${bucket}/intruder`,
      body: 'x',
    })
    expect(res.status).toBe(403)
    expect(errorCode(res.body)).toBe('InvalidAccessKeyId')
    expect(await objectStatus('intruder')).toBe(404)
  })

  it('a body that does not match its signed SHA-256 is refused and not stored', async () => {
    const res = await sendSigned(server.url, {
      ...root,
      method: 'PUT',
      path: `/${bucket}/tampered`,
      body: 'what was sent',
      signedBody: 'what was signed',
    })
    expect(res.status).toBe(400)
    expect(errorCode(res.body)).toBe('XAmzContentSHA256Mismatch')
    expect(await objectStatus('tampered')).toBe(404)
  })

  it('a wrong Content-MD5 is BadDigest and stores nothing', async () => {
    const res = await sendSigned(server.url, {
      ...root,
      method: 'PUT',
      path: `/${bucket}/digest`,
      body: 'hello',
      headers: { 'content-md5': Buffer.alloc(16).toString('base64') },
    })
    expect(res.status).toBe(400)
    expect(errorCode(res.body)).toBe('BadDigest')
    expect(await objectStatus('digest')).toBe(404)
  })

  it.each(['Bad_Bucket', 'ab', '-lead', '192.168.1.1', 'a..b'])(
    'bucket name %j is InvalidBucketName',
    async (name) => {
      const res = await sendSigned(server.url, { ...root, method: 'PUT', path: `/${name}` })
      expect(res.status).toBe(400)
      expect(errorCode(res.body)).toBe('InvalidBucketName')
    },
  )

  it('a malformed CreateBucketConfiguration is MalformedXML and creates nothing', async () => {
    const name = `mal-${randomBytes(3).toString('hex')}`
    const res = await sendSigned(server.url, {
      ...root,
      method: 'PUT',
      path: `/${name}`,
      body: '<CreateBucketConfiguration><LocationConstraint>us-east-1',
    })
    expect(res.status).toBe(400)
    expect(errorCode(res.body)).toBe('MalformedXML')
    expect(await bucketStatus(name)).toBe(404)
  })

  it('an unsigned request is refused', async () => {
    const res = await fetch(`${server.url}/${bucket}/anon`, { method: 'PUT', body: 'x' })
    expect(res.status).toBe(403)
    expect(errorCode(await res.text())).toBe('AccessDenied')
    expect(await objectStatus('anon')).toBe(404)
  })

  it('an operation on a missing bucket is NoSuchBucket', async () => {
    const res = await sendSigned(server.url, {
      ...root,
      method: 'PUT',
      path: '/no-such-bucket-here/k',
      body: 'x',
    })
    expect(res.status).toBe(404)
    expect(errorCode(res.body)).toBe('NoSuchBucket')
  })
})
