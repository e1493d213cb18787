import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { presignedUrl, s3, send, signedHeadersFor } from '../helpers/signed-request.js'
import { authorizationV2, presignV2 } from '../helpers/sigv2-signer.js'
import { ROOT, startTestServer, type TestServer } from '../helpers/test-server.js'

// `x-silo-*` / `x-minio-*` request headers change what a request does (x-minio-force-delete turns
// DELETE of one key into the removal of every version of every key under it). Whoever holds a
// root's presigned DELETE URL, or replays a signed request, must not be able to add one unsigned.

const BUCKET = 'vendorhdr'
const KEYS = ['dir/k', 'dir/k2', 'dir/kx/deep']

describe('vendor headers must be signed', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer()
  })
  afterAll(async () => {
    await server.stop()
  })

  const fill = async (bucket: string) => {
    expect((await s3(server.url, 'PUT', `/${bucket}`)).status).toBe(200)
    for (const key of KEYS) {
      expect((await s3(server.url, 'PUT', `/${bucket}/${key}`, { body: key })).status).toBe(200)
    }
  }
  const listed = async (bucket: string) => {
    const answer = await s3(server.url, 'GET', `/${bucket}?list-type=2`)
    return [...answer.text.matchAll(/<Key>([^<]*)<\/Key>/g)].map((m) => m[1])
  }

  it('a SigV4 presigned DELETE cannot be turned into a force delete by adding the header', async () => {
    const bucket = `${BUCKET}-presigned`
    await fill(bucket)
    const url = presignedUrl(server.url, 'DELETE', `/${bucket}/dir/k`)
    const answer = await send(url, 'DELETE', { 'x-minio-force-delete': 'true' }, Buffer.alloc(0))
    expect(answer.status).toBe(403)
    expect(answer.text).toContain('x-minio-force-delete')
    expect(await listed(bucket)).toEqual(KEYS)
  })

  it('a SigV4 header-signed DELETE whose SignedHeaders leaves out x-silo-force-delete is refused', async () => {
    const bucket = `${BUCKET}-header`
    await fill(bucket)
    const headers = signedHeadersFor(server.url, 'DELETE', `/${bucket}/dir/k`)
    const url = new URL(`/${bucket}/dir/k`, server.url)
    const answer = await send(url, 'DELETE', { ...headers, 'x-silo-force-delete': 'true' }, Buffer.alloc(0))
    expect(answer.status).toBe(403)
    expect(answer.text).toContain('x-silo-force-delete')
    expect(await listed(bucket)).toEqual(KEYS)
  })

  it('a signed force delete still works', async () => {
    const bucket = `${BUCKET}-signed`
    await fill(bucket)
    const answer = await s3(server.url, 'DELETE', `/${bucket}/dir/k`, {
      headers: { 'x-minio-force-delete': 'true' },
    })
    expect(answer.status).toBe(204)
    expect(await listed(bucket)).toEqual([])
  })

  it('a V2 header-signed DELETE replayed with x-minio-force-delete is refused (V2 cannot sign it)', async () => {
    const bucket = `${BUCKET}-v2`
    await fill(bucket)
    const target = `/${bucket}/dir/k`
    const headers = { date: new Date().toUTCString() }
    const authorization = authorizationV2(
      { method: 'DELETE', target, headers },
      ROOT.accessKey,
      ROOT.secretKey,
    )
    const url = new URL(target, server.url)
    const answer = await send(
      url,
      'DELETE',
      { ...headers, authorization, 'x-minio-force-delete': 'true' },
      Buffer.alloc(0),
    )
    expect(answer.status).toBe(403)
    expect(answer.text).toContain('x-minio-force-delete')
    expect(await listed(bucket)).toEqual(KEYS)
  })

  it('a V2 presigned DELETE URL replayed with x-silo-force-delete is refused', async () => {
    const bucket = `${BUCKET}-v2q`
    await fill(bucket)
    const expires = Math.floor(Date.now() / 1000) + 60
    const target = presignV2(
      { method: 'DELETE', target: `/${bucket}/dir/k`, headers: {} },
      ROOT.accessKey,
      ROOT.secretKey,
      expires,
    )
    const url = new URL(target, server.url)
    const answer = await send(url, 'DELETE', { 'x-silo-force-delete': 'true' }, Buffer.alloc(0))
    expect(answer.status).toBe(403)
    expect(await listed(bucket)).toEqual(KEYS)
  })
})
