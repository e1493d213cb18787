/**
 * Bucket CORS configuration (issue 19): PutBucketCors/GetBucketCors/DeleteBucketCors through
 * @aws-sdk/client-s3, the document checked as S3 checks it, and its rules applied to preflights,
 * actual requests and presigned requests, with the server-wide CORS as the default for buckets
 * without rules. On both backends.
 */

import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  type CORSRule,
  DeleteBucketCorsCommand,
  GetBucketCorsCommand,
  PutBucketCorsCommand,
  type S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { nodeCrypto } from '../../../src/server/auth/node-crypto.js'
import { createServer } from '../../../src/server/index.js'
import { presignRequest } from '../../../src/shared/sigv4/index.js'
import { BACKENDS } from '../../property/helpers/servers.js'
import { createAwsClient } from '../helpers/aws-client.js'
import { s3, send, xmlField } from '../helpers/signed-request.js'
import { ROOT, type TestServer } from '../helpers/test-server.js'

const APP = 'https://app.example'
const RULES: CORSRule[] = [
  {
    ID: 'app',
    AllowedOrigins: [APP, 'https://*.preview.example'],
    AllowedMethods: ['GET', 'PUT'],
    AllowedHeaders: ['authorization', 'X-Amz-*'],
    ExposeHeaders: ['ETag', 'x-amz-request-id'],
    MaxAgeSeconds: 600,
  },
  { AllowedOrigins: ['*'], AllowedMethods: ['GET'] },
]

const cors = (rules: string) =>
  `<CORSConfiguration xmlns="http://s3.amazonaws.com/doc/2006-03-01/">${rules}</CORSConfiguration>`
const rule = (inner: string) => `<CORSRule>${inner}</CORSRule>`

function preflight(server: TestServer, target: string, origin: string, method: string, headers?: string) {
  return s3(server.url, 'OPTIONS', target, {
    anonymous: true,
    headers: {
      origin,
      'access-control-request-method': method,
      ...(headers === undefined ? {} : { 'access-control-request-headers': headers }),
    },
  })
}

async function errorOf(promise: Promise<unknown>): Promise<{ code: string; status: number | undefined }> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  if (!(error instanceof S3ServiceException)) throw new Error(`expected an S3 error, got ${String(error)}`)
  return { code: error.name, status: error.$metadata.httpStatusCode }
}

describe.each(BACKENDS)('bucket CORS configuration (%s)', (_name, start) => {
  let server: TestServer
  let client: S3Client
  beforeAll(async () => {
    server = await start()
    // The SDK's default checksums on, as its users have them (PutBucketCors requires one).
    client = createAwsClient(server, { checksums: true })
    for (const bucket of ['cors', 'plain']) await s3(server.url, 'PUT', `/${bucket}`)
    await s3(server.url, 'PUT', '/cors/k', { body: 'hello' })
    await s3(server.url, 'PUT', '/plain/k', { body: 'hello' })
    await client.send(new PutBucketCorsCommand({ Bucket: 'cors', CORSConfiguration: { CORSRules: RULES } }))
  })
  afterAll(async () => {
    client.destroy()
    await server.stop()
  })

  it('GetBucketCors answers the rules as put, through @aws-sdk/client-s3', async () => {
    const got = await client.send(new GetBucketCorsCommand({ Bucket: 'cors' }))
    expect(got.CORSRules).toEqual(RULES)
  })

  it('a preflight matching a rule gets that rule: origin, methods, headers, expose, max-age, Vary', async () => {
    const res = await preflight(
      server,
      '/cors/k',
      APP,
      'PUT',
      'authorization, x-amz-date, X-Amz-Content-Sha256',
    )
    expect(res.status).toBe(200)
    expect(res.headers).toMatchObject({
      'access-control-allow-origin': APP,
      'access-control-allow-credentials': 'true',
      'access-control-allow-methods': 'GET, PUT',
      'access-control-allow-headers': 'authorization, x-amz-date, x-amz-content-sha256',
      'access-control-expose-headers': 'ETag, x-amz-request-id',
      'access-control-max-age': '600',
      vary: 'Origin, Access-Control-Request-Headers, Access-Control-Request-Method',
    })
    // One wildcard in an origin matches any run of characters; at bucket level too.
    const preview = await preflight(server, '/cors', 'https://pr-7.preview.example', 'GET')
    expect([preview.status, preview.headers['access-control-allow-origin']]).toEqual([
      200,
      'https://pr-7.preview.example',
    ])
  })

  it('a rule for any origin answers `*`, without credentials', async () => {
    const res = await preflight(server, '/cors/k', 'https://other.example', 'GET')
    expect(res.status).toBe(200)
    expect(res.headers['access-control-allow-origin']).toBe('*')
    expect(res.headers['access-control-allow-credentials']).toBeUndefined()
    expect(res.headers['access-control-allow-methods']).toBe('GET')
  })

  it('a preflight no rule allows is 403 AccessForbidden (origin, method or header), without CORS headers', async () => {
    const refused = [
      preflight(server, '/cors/k', 'https://other.example', 'PUT'),
      preflight(server, '/cors/k', APP, 'DELETE'),
      preflight(server, '/cors/k', APP, 'PUT', 'authorization, content-type'),
      preflight(server, '/cors', 'https://preview.example', 'PUT'),
    ]
    for (const res of await Promise.all(refused)) {
      expect([res.status, xmlField(res.text, 'Code')]).toEqual([403, 'AccessForbidden'])
      expect(xmlField(res.text, 'Message')).toMatch(/^CORSResponse: This CORS request is not allowed\./)
      expect(res.headers['access-control-allow-origin']).toBeUndefined()
    }
    const res = await preflight(server, '/cors/k', APP, 'DELETE')
    expect([xmlField(res.text, 'Method'), xmlField(res.text, 'ResourceType')]).toEqual(['DELETE', 'OBJECT'])
  })

  it('an actual request gets the matching rule’s headers, and none when no rule matches', async () => {
    const get = await s3(server.url, 'GET', '/cors/k', { headers: { origin: APP } })
    expect(get.text).toBe('hello')
    expect(get.headers).toMatchObject({
      'access-control-allow-origin': APP,
      'access-control-expose-headers': 'ETag, x-amz-request-id',
      vary: 'Origin, Access-Control-Request-Headers, Access-Control-Request-Method',
    })
    // Errors too, so the page can read the S3 error code.
    const missing = await s3(server.url, 'GET', '/cors/missing', { headers: { origin: APP } })
    expect([missing.status, missing.headers['access-control-allow-origin']]).toEqual([404, APP])
    const anyOrigin = await s3(server.url, 'GET', '/cors/k', { headers: { origin: 'https://other.example' } })
    expect(anyOrigin.headers['access-control-allow-origin']).toBe('*')
    // No rule lets another origin PUT: the request still runs, the browser is just not let in.
    const put = await s3(server.url, 'PUT', '/cors/k2', {
      body: 'x',
      headers: { origin: 'https://other.example' },
    })
    expect(put.status).toBe(200)
    expect(put.headers['access-control-allow-origin']).toBeUndefined()
    expect(put.headers['access-control-expose-headers']).toBeUndefined()
  })

  it('a presigned GET with Origin gets the rule’s headers', async () => {
    const url = new URL('/cors/k', server.url)
    const { query } = presignRequest(
      nodeCrypto,
      { method: 'GET', path: url.pathname, headers: { host: url.host } },
      { ...ROOT, region: 'us-east-1', date: new Date(), expires: 300 },
    )
    for (const [k, v] of query) url.searchParams.append(k, v)
    const res = await send(url, 'GET', { origin: 'https://pr-1.preview.example' }, Buffer.alloc(0))
    expect([res.status, res.text]).toEqual([200, 'hello'])
    expect(res.headers['access-control-allow-origin']).toBe('https://pr-1.preview.example')
    expect(res.headers['access-control-expose-headers']).toBe('ETag, x-amz-request-id')
  })

  it('a bucket without a configuration keeps the server-wide CORS', async () => {
    const res = await preflight(server, '/plain/k', 'https://other.example', 'DELETE', 'authorization')
    expect(res.status).toBe(200)
    expect(res.headers['access-control-allow-origin']).toBe('https://other.example')
    const get = await s3(server.url, 'GET', '/plain/k', { headers: { origin: 'https://other.example' } })
    expect(get.headers['access-control-allow-origin']).toBe('https://other.example')
    expect(get.headers['access-control-expose-headers']).toContain('x-amz-version-id')
  })

  it('DeleteBucketCors (204) removes the rules: NoSuchCORSConfiguration, and the server default again', async () => {
    await s3(server.url, 'PUT', '/cors-del')
    await client.send(
      new PutBucketCorsCommand({ Bucket: 'cors-del', CORSConfiguration: { CORSRules: [RULES[0]!] } }),
    )
    expect((await preflight(server, '/cors-del/k', 'https://other.example', 'GET')).status).toBe(403)
    const del = await client.send(new DeleteBucketCorsCommand({ Bucket: 'cors-del' }))
    expect(del.$metadata.httpStatusCode).toBe(204)
    expect(await errorOf(client.send(new GetBucketCorsCommand({ Bucket: 'cors-del' })))).toEqual({
      code: 'NoSuchCORSConfiguration',
      status: 404,
    })
    expect((await preflight(server, '/cors-del/k', 'https://other.example', 'GET')).status).toBe(200)
  })

  it('the configuration is deleted with its bucket', async () => {
    await s3(server.url, 'PUT', '/cors-gone')
    await client.send(
      new PutBucketCorsCommand({ Bucket: 'cors-gone', CORSConfiguration: { CORSRules: RULES } }),
    )
    expect((await s3(server.url, 'DELETE', '/cors-gone')).status).toBe(204)
    await s3(server.url, 'PUT', '/cors-gone')
    const res = await s3(server.url, 'GET', '/cors-gone?cors')
    expect([res.status, xmlField(res.text, 'Code')]).toEqual([404, 'NoSuchCORSConfiguration'])
    expect(xmlField(res.text, 'BucketName')).toBe('cors-gone')
    const missing = await s3(server.url, 'GET', '/no-such-cors-bucket?cors')
    expect(xmlField(missing.text, 'Code')).toBe('NoSuchBucket')
  })

  it('permissions: GetBucketCors needs s3:GetBucketCORS; PutBucketCors and DeleteBucketCors s3:PutBucketCORS', async () => {
    await s3(server.url, 'PUT', '/cors-perm')
    const grant = (action: string) =>
      s3(server.url, 'PUT', '/cors-perm?policy', {
        body: JSON.stringify({
          Version: '2012-10-17',
          Statement: [
            { Effect: 'Allow', Principal: '*', Action: [action], Resource: ['arn:aws:s3:::cors-perm'] },
          ],
        }),
      })
    const body = cors(rule('<AllowedOrigin>*</AllowedOrigin><AllowedMethod>GET</AllowedMethod>'))
    const anonymous = (method: string) =>
      s3(server.url, method, '/cors-perm?cors', {
        anonymous: true,
        body: method === 'PUT' ? body : undefined,
      })
    expect((await grant('s3:GetBucketCORS')).status).toBe(204)
    expect((await anonymous('GET')).status).toBe(404)
    for (const method of ['PUT', 'DELETE']) expect((await anonymous(method)).status).toBe(403)
    expect((await grant('s3:PutBucketCORS')).status).toBe(204)
    expect((await anonymous('GET')).status).toBe(403)
    expect((await anonymous('PUT')).status).toBe(200)
    expect((await anonymous('DELETE')).status).toBe(204)
  })

  it.each([
    [
      'an unsupported method',
      rule('<AllowedOrigin>*</AllowedOrigin><AllowedMethod>MYMETHOD</AllowedMethod>'),
      'InvalidRequest',
      'Found unsupported HTTP method in CORS config. Unsupported method is MYMETHOD',
    ],
    [
      'OPTIONS as a method',
      rule('<AllowedOrigin>*</AllowedOrigin><AllowedMethod>OPTIONS</AllowedMethod>'),
      'InvalidRequest',
      'Found unsupported HTTP method in CORS config. Unsupported method is OPTIONS',
    ],
    [
      'two wildcards in an origin',
      rule('<AllowedOrigin>https://*.*.example</AllowedOrigin><AllowedMethod>GET</AllowedMethod>'),
      'InvalidRequest',
      'AllowedOrigin "https://*.*.example" can not have more than one wildcard.',
    ],
    [
      'two wildcards in a header',
      rule(
        '<AllowedOrigin>*</AllowedOrigin><AllowedMethod>GET</AllowedMethod><AllowedHeader>x-*-*</AllowedHeader>',
      ),
      'InvalidRequest',
      'AllowedHeader "x-*-*" can not have more than one wildcard.',
    ],
    [
      'a wildcard in ExposeHeader',
      rule(
        '<AllowedOrigin>*</AllowedOrigin><AllowedMethod>GET</AllowedMethod><ExposeHeader>*</ExposeHeader>',
      ),
      'InvalidRequest',
      undefined,
    ],
    [
      'an ExposeHeader that is not a header name (a line break would break every answer)',
      rule(
        '<AllowedOrigin>*</AllowedOrigin><AllowedMethod>GET</AllowedMethod><ExposeHeader>ETag&#10;x: y</ExposeHeader>',
      ),
      'InvalidRequest',
      undefined,
    ],
    ['no rule', '', 'MalformedXML', undefined],
    ['a rule without AllowedMethod', rule('<AllowedOrigin>*</AllowedOrigin>'), 'MalformedXML', undefined],
    ['a rule without AllowedOrigin', rule('<AllowedMethod>GET</AllowedMethod>'), 'MalformedXML', undefined],
    [
      'an unknown element',
      rule('<AllowedOrigin>*</AllowedOrigin><AllowedMethod>GET</AllowedMethod><Allowed>x</Allowed>'),
      'MalformedXML',
      undefined,
    ],
    [
      'a MaxAgeSeconds that is not a number',
      rule(
        '<AllowedOrigin>*</AllowedOrigin><AllowedMethod>GET</AllowedMethod><MaxAgeSeconds>soon</MaxAgeSeconds>',
      ),
      'MalformedXML',
      undefined,
    ],
    [
      '101 rules',
      rule('<AllowedOrigin>*</AllowedOrigin><AllowedMethod>GET</AllowedMethod>').repeat(101),
      'InvalidRequest',
      undefined,
    ],
  ])('PutBucketCors refuses %s', async (_what, rules, code, message) => {
    const res = await s3(server.url, 'PUT', '/cors?cors', { body: cors(rules) })
    expect([res.status, xmlField(res.text, 'Code')]).toEqual([400, code])
    if (message !== undefined) expect(xmlField(res.text, 'Message')).toBe(message)
    // Nothing half-written: the rules put before still answer.
    expect((await preflight(server, '/cors/k', APP, 'PUT')).status).toBe(200)
  })

  it('PutBucketCors takes 100 rules and refuses a document past 64 KiB or not well-formed', async () => {
    const hundred = rule(
      '<AllowedOrigin>https://a.example</AllowedOrigin><AllowedMethod>GET</AllowedMethod>',
    ).repeat(99)
    const ok = await s3(server.url, 'PUT', '/plain?cors', {
      body: cors(hundred + rule('<AllowedOrigin>*</AllowedOrigin><AllowedMethod>HEAD</AllowedMethod>')),
    })
    expect(ok.status).toBe(200)
    const got = await client.send(new GetBucketCorsCommand({ Bucket: 'plain' }))
    expect(got.CORSRules).toHaveLength(100)
    await s3(server.url, 'DELETE', '/plain?cors')
    const big = cors(
      rule(
        `<AllowedOrigin>*</AllowedOrigin><AllowedMethod>GET</AllowedMethod><AllowedHeader>${'h'.repeat(70_000)}</AllowedHeader>`,
      ),
    )
    const tooBig = await s3(server.url, 'PUT', '/cors?cors', { body: big })
    expect([tooBig.status, xmlField(tooBig.text, 'Code')]).toEqual([400, 'MaxMessageLengthExceeded'])
    const broken = await s3(server.url, 'PUT', '/cors?cors', { body: '<CORSConfiguration><CORSRule>' })
    expect([broken.status, xmlField(broken.text, 'Code')]).toEqual([400, 'MalformedXML'])
  })
})

describe('bucket CORS rules and the server-wide policy', () => {
  let url: string
  let port: number
  let stop: () => Promise<void>
  beforeAll(async () => {
    const dir = await mkdtemp(join(tmpdir(), 'silo-bucket-cors-'))
    const server = createServer({
      dir,
      address: '127.0.0.1:0',
      rootUser: ROOT.accessKey,
      rootPassword: ROOT.secretKey,
      quiet: true,
      domain: 'silo.test',
      cors: { origins: ['https://listed.example'] },
    })
    ;({ url, port } = await server.start())
    stop = async () => {
      await server.stop()
      await rm(dir, { recursive: true, force: true })
    }
    for (const bucket of ['ruled', 'plain']) await s3(url, 'PUT', `/${bucket}`)
    const body = cors(
      rule('<AllowedOrigin>https://unlisted.example</AllowedOrigin><AllowedMethod>GET</AllowedMethod>'),
    )
    expect((await s3(url, 'PUT', '/ruled?cors', { body })).status).toBe(200)
  })
  afterAll(() => stop())

  const ask = (target: string, origin: string, host?: string) =>
    s3(url, 'OPTIONS', target, {
      anonymous: true,
      headers: { origin, 'access-control-request-method': 'GET', ...(host ? { host } : {}) },
    })

  it('a bucket’s rules replace the server’s origin list for that bucket only', async () => {
    expect((await ask('/ruled/k', 'https://unlisted.example')).status).toBe(200)
    const listed = await ask('/ruled/k', 'https://listed.example')
    expect([listed.status, xmlField(listed.text, 'Code')]).toEqual([403, 'AccessForbidden'])
    const plain = await ask('/plain/k', 'https://unlisted.example')
    expect([plain.status, xmlField(plain.text, 'Code')]).toEqual([403, 'AccessDenied'])
    expect((await ask('/plain/k', 'https://listed.example')).status).toBe(200)
  })

  it('virtual-host requests find their bucket’s rules', async () => {
    const res = await ask('/k', 'https://unlisted.example', `ruled.silo.test:${port}`)
    expect([res.status, res.headers['access-control-allow-origin']]).toEqual([
      200,
      'https://unlisted.example',
    ])
    expect((await ask('/k', 'https://listed.example', `ruled.silo.test:${port}`)).status).toBe(403)
  })
})
