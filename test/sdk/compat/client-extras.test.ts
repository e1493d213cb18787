/**
 * The rest of minio-js's Client methods, called with the same arguments through the Silo SDK and
 * minio-js against one Silo server: the public multipart calls, region lookup, part-size
 * calculation, app info and tracing, credential providers. Transfer acceleration (which only
 * applies to AWS's endpoint) is compared on the wire through a capturing `transport`.
 */
import { Writable } from 'node:stream'
import { S3Client, UploadPartCommand } from '@aws-sdk/client-s3'
import * as Minio from 'minio'
// minio-js 8 does not re-export its CredentialProvider from the package root.
import { CredentialProvider as MinioCredentialProvider } from 'minio/dist/esm/CredentialProvider.mjs'
import { describe, expect, it } from 'vitest'
import { Client } from '../../../src/index.js'
import { CredentialProvider } from '../../../src/sdk/credentials/credential-provider.js'
import { ROOT } from '../../server/helpers/test-server.js'
import { both, normalise, useCompatServer, viaCallback } from './helpers.js'

const env = useCompatServer()

function s3(): S3Client {
  return new S3Client({
    endpoint: env.server.url,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: ROOT.accessKey, secretAccessKey: ROOT.secretKey },
  })
}

describe('multipart calls', () => {
  it('initiateNewMultipartUpload, findUploadId, abortMultipartUpload', async () => {
    const bucket = await env.bucket()
    const started = await both(env, (c, which) =>
      c.initiateNewMultipartUpload(bucket, `big-${which}`, {
        'Content-Type': 'video/mp4',
        'x-amz-meta-owner': 'ann',
      }),
    )
    expect(started.silo.ok && started.minio.ok).toBe(true)
    if (!started.silo.ok || !started.minio.ok) return
    expect(typeof started.silo.value).toBe('string')
    const found = await both(env, (c, which) => c.findUploadId(bucket, `big-${which}`))
    expect(found.silo).toEqual({ ok: true, value: started.silo.value })
    expect(found.minio).toEqual({ ok: true, value: started.minio.value })
    const none = await both(env, (c) => c.findUploadId(bucket, 'nothing'))
    expect(normalise(none.silo)).toEqual(normalise(none.minio))
    expect(none.silo).toEqual({ ok: true, value: undefined })
    const ids = { silo: started.silo.value, minio: started.minio.value }
    const aborted = await both(env, (c, which) => c.abortMultipartUpload(bucket, `big-${which}`, ids[which]))
    expect(normalise(aborted.silo)).toEqual(normalise(aborted.minio))
    expect(aborted.silo.ok).toBe(true)
    const gone = await both(env, (c, which) => c.findUploadId(bucket, `big-${which}`))
    expect(gone.silo).toEqual({ ok: true, value: undefined })
    const again = await both(env, (c, which) => c.abortMultipartUpload(bucket, `big-${which}`, ids[which]))
    expect(normalise(again.silo)).toEqual(normalise(again.minio))
    expect(again.silo).toMatchObject({ ok: false, code: 'NoSuchUpload' })
  })

  it('removeIncompleteUpload drops every incomplete upload of the key', async () => {
    const bucket = await env.bucket()
    const r = await both(env, async (c, which) => {
      const key = `partial-${which}`
      await c.initiateNewMultipartUpload(bucket, key, {})
      const removed = await c.removeIncompleteUpload(bucket, key)
      return { removed, left: await c.findUploadId(bucket, key) }
    })
    expect(r.silo).toEqual({ ok: true, value: { removed: undefined, left: undefined } })
    expect(r.minio).toEqual(r.silo)
    // Two uploads of one key: Silo aborts both; minio-js 8 only the newest.
    const twice = await both(env, async (c, which) => {
      const key = `twice-${which}`
      await c.initiateNewMultipartUpload(bucket, key, {})
      await c.initiateNewMultipartUpload(bucket, key, {})
      await c.removeIncompleteUpload(bucket, key)
      return c.findUploadId(bucket, key)
    })
    expect(twice.silo).toEqual({ ok: true, value: undefined })
    expect(twice.minio).toMatchObject({ ok: true, value: expect.any(String) })
    // Nothing to remove: done for Silo; minio-js 8 aborts `uploadId=undefined` and gets NoSuchUpload.
    const none = await both(env, (c) => c.removeIncompleteUpload(bucket, 'never-started'))
    expect(none.silo).toEqual({ ok: true, value: undefined })
    expect(none.minio).toMatchObject({ ok: false, code: 'NoSuchUpload' })
    const bad = await both(env, (c) => c.removeIncompleteUpload('Bad_Name', 'k'))
    expect(bad.silo.ok).toBe(false)
    expect(bad.minio.ok).toBe(false)
  })

  it('completeMultipartUpload from { part, etag } pairs: same result, object has the headers', async () => {
    const bucket = await env.bucket()
    const result = await both(env, async (c, which) => {
      const key = `joined-${which}`
      const uploadId = await c.initiateNewMultipartUpload(bucket, key, { 'content-type': 'text/plain' })
      const part = await s3().send(
        new UploadPartCommand({ Bucket: bucket, Key: key, UploadId: uploadId, PartNumber: 1, Body: 'hello' }),
      )
      const done = await c.completeMultipartUpload(bucket, key, uploadId, [{ part: 1, etag: part.ETag! }])
      const stat = await c.statObject(bucket, key)
      return { done, type: stat.metaData['content-type'], size: stat.size }
    })
    expect(result.silo.ok).toBe(true)
    expect(normalise(result.silo)).toEqual(normalise(result.minio))
    if (result.silo.ok) expect(result.silo.value).toMatchObject({ type: 'text/plain', size: 5 })
  })

  it('refuse the same bad arguments', async () => {
    const cases: Array<(c: Minio.Client) => Promise<unknown>> = [
      (c) => c.initiateNewMultipartUpload('Bad_Bucket', 'k', {}),
      (c) => c.initiateNewMultipartUpload('bucket', 'k', 'text/plain' as never),
      (c) => c.completeMultipartUpload('bucket', 'k', 7 as never, []),
      (c) => c.completeMultipartUpload('bucket', 'k', '', []),
      (c) => c.findUploadId('bucket', ''),
    ]
    for (const call of cases) {
      const r = await both(env, call)
      expect(r.silo.ok).toBe(false)
      expect(normalise(r.silo), call.toString()).toEqual(normalise(r.minio))
    }
  })

  it('call back', async () => {
    const bucket = await env.bucket()
    const started = await viaCallback<string>((cb) =>
      env.silo.initiateNewMultipartUpload(bucket, 'k', {}, cb as never),
    )
    expect(started.err).toBeNull()
    expect(started.returned).toBeUndefined()
    const found = await viaCallback((cb) => env.silo.findUploadId(bucket, 'k', cb as never))
    expect(found.result).toBe(started.result)
  })
})

describe('regions and part sizes', () => {
  it('getBucketRegionAsync and getBucketRegion give what minio-js gives', async () => {
    const bucket = await env.bucket()
    const r = await both(env, (c) => c.getBucketRegionAsync(bucket))
    expect(r.silo).toEqual({ ok: true, value: 'us-east-1' })
    expect(r.minio).toEqual(r.silo)
    const unconfigured = (which: 'silo' | 'minio') => {
      const options = {
        endPoint: '127.0.0.1',
        port: env.server.port,
        useSSL: false,
        accessKey: ROOT.accessKey,
        secretKey: ROOT.secretKey,
      }
      return which === 'silo' ? (new Client(options) as unknown as Minio.Client) : new Minio.Client(options)
    }
    for (const which of ['silo', 'minio'] as const) {
      const got = await new Promise<unknown[]>((resolve) => {
        unconfigured(which).getBucketRegion(bucket, (err, region) => resolve([err, region]))
      })
      expect(got, which).toEqual([null, 'us-east-1'])
    }
    const bad = await both(env, (c) => c.getBucketRegionAsync('Bad_Bucket'))
    expect(normalise(bad.silo)).toEqual(normalise(bad.minio))
  })

  it('calculatePartSize follows minio-js', async () => {
    const sizes = [0, 5 * 1024 ** 2, 640 * 1024 ** 3, 700 * 1024 ** 3, 5 * 1024 ** 4]
    const r = await both(env, (c) => sizes.map((size) => c.calculatePartSize(size)))
    expect(r.silo).toEqual(r.minio)
    const configured = { endPoint: '127.0.0.1', partSize: 8 * 1024 ** 2 }
    const silo = new Client(configured)
    const minio = new Minio.Client(configured)
    expect(sizes.map((s) => silo.calculatePartSize(s))).toEqual(sizes.map((s) => minio.calculatePartSize(s)))
    for (const size of ['1' as never, 6 * 1024 ** 4]) {
      const bad = await both(env, (c) => c.calculatePartSize(size))
      expect(normalise(bad.silo)).toEqual(normalise(bad.minio))
      expect(bad.silo.ok).toBe(false)
    }
  })
})

/** A Writable that keeps what is written. */
function collector(): Writable & { text: () => string } {
  const chunks: string[] = []
  const stream = new Writable({
    write(chunk, _encoding, done) {
      chunks.push(String(chunk))
      done()
    },
  })
  return Object.assign(stream, { text: () => chunks.join('') })
}

describe('setAppInfo, traceOn, traceOff', () => {
  it('traces requests and answers as minio-js does, with the app in the User-Agent', async () => {
    const bucket = await env.bucket()
    const traces = { silo: collector(), minio: collector() }
    const r = await both(env, async (c, which) => {
      c.setAppInfo('photo-sync', '1.4.2')
      c.traceOn(traces[which])
      await c.bucketExists(bucket)
      await c.statObject(bucket, 'missing').catch(() => undefined)
      c.traceOff()
      await c.statObject(bucket, 'after-off').catch(() => undefined)
      return null
    })
    expect(r.silo.ok).toBe(true)
    for (const which of ['silo', 'minio'] as const) {
      const text = traces[which].text()
      const heads = text.split('\n').filter((line) => /^(REQUEST|RESPONSE|ERROR BODY)/.test(line))
      // minio-js writes nothing for a HEAD that fails (its trace of errors is for GET/PUT bodies).
      expect(heads.slice(0, 2), which).toEqual([`REQUEST: HEAD /${bucket}`, 'RESPONSE: 200'])
      expect(heads, which).not.toContain(`REQUEST: HEAD /${bucket}/after-off`)
      expect(text, which).toMatch(/^user-agent: .* photo-sync\/1\.4\.2$/m)
      expect(text, which).toContain('Signature=**REDACTED**')
      expect(text, which).not.toMatch(/Signature=[0-9a-f]{64}/)
    }
    expect(traces.silo.text()).toContain(`REQUEST: HEAD /${bucket}/missing\n`)
    expect(traces.silo.text()).toMatch(/RESPONSE: 404\n[\s\S]*ERROR BODY:\n[\s\S]*"code": "NotFound"/)
    for (const args of [
      [7, '1'],
      ['', '1'],
      ['app', 7],
      ['app', ' '],
    ] as const) {
      const bad = await both(env, (c) => c.setAppInfo(args[0] as string, args[1] as string))
      expect(normalise(bad.silo), String(args)).toEqual(normalise(bad.minio))
    }
  })
})

describe('setCredentialsProvider', () => {
  it('signs with the provider’s credentials, fetched before every request', async () => {
    const wrong = {
      endPoint: '127.0.0.1',
      port: env.server.port,
      useSSL: false,
      accessKey: 'nobody',
      secretKey: 'nothing1',
    }
    const clients = {
      silo: new Client({ ...wrong, region: 'us-east-1' }) as unknown as Minio.Client,
      minio: new Minio.Client({ ...wrong, region: 'us-east-1' }),
    }
    const providers = {
      silo: new CredentialProvider({ accessKey: ROOT.accessKey, secretKey: ROOT.secretKey }),
      minio: new MinioCredentialProvider({ accessKey: ROOT.accessKey, secretKey: ROOT.secretKey }),
    }
    const bucket = await env.bucket()
    await env.silo.putObject(bucket, 'a', 'presigned')
    const early = await clients.silo.presignedGetObject(bucket, 'a', 60)
    expect((await fetch(early)).status).toBe(403)
    const before = await both(env, (_c, which) => clients[which].listBuckets())
    expect(normalise(before.silo)).toEqual(normalise(before.minio))
    expect(before.silo).toMatchObject({ ok: false, code: 'InvalidAccessKeyId' })
    const set = await both(env, (_c, which) =>
      clients[which].setCredentialsProvider(providers[which] as never),
    )
    expect(set.silo).toEqual({ ok: true, value: undefined })
    expect(set.minio).toEqual(set.silo)
    const after = await both(env, async (_c, which) => (await clients[which].listBuckets()).length > 0)
    expect(after.silo).toEqual({ ok: true, value: true })
    expect(after.minio).toEqual(after.silo)
    // The provider is asked again before each request.
    for (const provider of Object.values(providers)) provider.setSecretKey('changed-secret')
    const changed = await both(env, (_c, which) => clients[which].listBuckets())
    expect(normalise(changed.silo)).toEqual(normalise(changed.minio))
    expect(changed.silo).toMatchObject({ ok: false, code: 'SignatureDoesNotMatch' })
    // Presigned URLs are signed with the provider's credentials too (not a key cached before).
    for (const provider of Object.values(providers)) provider.setSecretKey(ROOT.secretKey)
    await clients.silo.listBuckets()
    const url = await clients.silo.presignedGetObject(bucket, 'a', 60)
    expect(await (await fetch(url)).text()).toBe('presigned')
    const refused = await both(env, (c) => c.setCredentialsProvider({} as never))
    expect(normalise(refused.silo)).toEqual(normalise(refused.minio))
  })

  it('takes the credentialsProvider option', async () => {
    const provider = new CredentialProvider({ accessKey: ROOT.accessKey, secretKey: ROOT.secretKey })
    const client = new Client({
      endPoint: '127.0.0.1',
      port: env.server.port,
      useSSL: false,
      credentialsProvider: provider,
    })
    expect(Array.isArray(await client.listBuckets())).toBe(true)
  })
})

describe('setS3TransferAccelerate', () => {
  /** A `transport` that records where each request would go and fails it. */
  function capture() {
    const hosts: string[] = []
    const transport = {
      request(options: { hostname?: string; host?: string; headers?: Record<string, string> }) {
        hosts.push(`${options.headers?.host} ${options.hostname ?? options.host}`)
        throw Object.assign(new Error('captured'), { code: 'ECAPTURED' })
      },
    }
    return { hosts, transport }
  }

  it('sends object requests on AWS to bucket.<accelerate endpoint>, as minio-js does', async () => {
    const seen: Record<string, string[]> = {}
    for (const which of ['silo', 'minio'] as const) {
      const { hosts, transport } = capture()
      const options = {
        endPoint: 's3.amazonaws.com',
        accessKey: 'AK',
        secretKey: 'SK',
        region: 'us-east-1',
        transport,
      }
      const client =
        which === 'silo'
          ? (new Client(options) as unknown as Minio.Client)
          : new Minio.Client(options as never)
      client.setS3TransferAccelerate('s3-accelerate.amazonaws.com')
      await client.statObject('photos', 'a.jpg').catch(() => undefined)
      await client.bucketExists('photos').catch(() => undefined)
      await client.statObject('my.photos', 'a.jpg').catch((e: Error) => hosts.push(`refused ${e.message}`))
      seen[which] = hosts
    }
    expect(seen.silo![0]).toBe('photos.s3-accelerate.amazonaws.com photos.s3-accelerate.amazonaws.com')
    expect(seen.silo![1]).toBe('photos.s3.amazonaws.com photos.s3.amazonaws.com')
    expect(seen.silo![2]).toMatch(
      /^refused Transfer Acceleration is not supported for non compliant bucket:my\.photos/,
    )
    // minio-js addresses un-accelerated requests to the region's endpoint (s3.us-east-1…); Silo
    // keeps the configured one. Accelerated requests and the refusal agree.
    expect(seen.minio![0]!.split(' ')[0]).toBe(seen.silo![0]!.split(' ')[0])
    expect(seen.minio![2]).toBe(seen.silo![2])
  })

  it('leaves other endpoints alone', async () => {
    const bucket = await env.bucket()
    await env.silo.putObject(bucket, 'a', 'x')
    env.silo.setS3TransferAccelerate('s3-accelerate.amazonaws.com')
    try {
      expect((await env.silo.statObject(bucket, 'a')).size).toBe(1)
    } finally {
      env.silo.setS3TransferAccelerate('')
    }
  })
})
