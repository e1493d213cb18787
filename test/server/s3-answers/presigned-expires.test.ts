import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { nodeCrypto } from '../../../src/server/auth/node-crypto.js'
import { presignRequest } from '../../../src/shared/sigv4/index.js'
import { BACKENDS } from '../../property/helpers/servers.js'
import { s3, send, xmlField } from '../helpers/signed-request.js'
import { ROOT, type TestServer } from '../helpers/test-server.js'

/** A presigned GET URL of `path` with X-Amz-Expires as given (the signature is valid for it). */
function presignedGet(server: TestServer, path: string, expires: number): URL {
  const url = new URL(path, server.url)
  const { query } = presignRequest(
    nodeCrypto,
    { method: 'GET', path: url.pathname, headers: { host: url.host } },
    { ...ROOT, region: 'us-east-1', date: new Date(), expires },
  )
  for (const [k, v] of query) url.searchParams.append(k, v)
  return url
}

describe.each(BACKENDS)('a presigned URL whose X-Amz-Expires is out of range (%s)', (_name, start) => {
  let server: TestServer
  beforeAll(async () => {
    server = await start()
    await s3(server.url, 'PUT', '/presigned')
    await s3(server.url, 'PUT', '/presigned/k', { body: 'hello' })
  })
  afterAll(() => server.stop())

  it('over a week: 403 AuthorizationQueryParametersError with S3 message', async () => {
    const res = await send(presignedGet(server, '/presigned/k', 604_801), 'GET', {}, Buffer.alloc(0))
    expect(res.status).toBe(403)
    expect(xmlField(res.text, 'Code')).toBe('AuthorizationQueryParametersError')
    expect(xmlField(res.text, 'Message')).toBe(
      'X-Amz-Expires must be less than a week (in seconds) that is 604800',
    )
  })

  it('negative: 403 AuthorizationQueryParametersError, "must be non-negative"', async () => {
    const res = await send(presignedGet(server, '/presigned/k', -1), 'GET', {}, Buffer.alloc(0))
    expect(res.status).toBe(403)
    expect(xmlField(res.text, 'Code')).toBe('AuthorizationQueryParametersError')
    expect(xmlField(res.text, 'Message')).toBe('X-Amz-Expires must be non-negative')
  })

  it('exactly a week still works', async () => {
    const res = await send(presignedGet(server, '/presigned/k', 604_800), 'GET', {}, Buffer.alloc(0))
    expect([res.status, res.text]).toEqual([200, 'hello'])
  })
})
