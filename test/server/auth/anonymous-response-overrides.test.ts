/**
 * Issue 12, defect 7: an anonymous GET could override the stored headers with `response-*`
 * query parameters, so an uploaded file could be served as `text/html` from the Silo origin.
 * S3 refuses them on anonymous requests: 400 InvalidRequest "Request specific response headers
 * cannot be used for anonymous GET requests." Signed and presigned GETs keep them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { presignedUrl, s3, send, xmlField } from '../helpers/signed-request.js'
import { startTestServer, type TestServer } from '../helpers/test-server.js'

let server: TestServer
const B = 'public-read'
const OVERRIDES = [
  'response-content-type',
  'response-content-language',
  'response-expires',
  'response-cache-control',
  'response-content-disposition',
  'response-content-encoding',
]

beforeAll(async () => {
  server = await startTestServer()
  expect((await s3(server.url, 'PUT', `/${B}`)).status).toBe(200)
  const policy = JSON.stringify({
    Version: '2012-10-17',
    Statement: [
      {
        Effect: 'Allow',
        Principal: { AWS: ['*'] },
        Action: ['s3:GetObject'],
        Resource: [`arn:aws:s3:::${B}/*`],
      },
    ],
  })
  expect((await s3(server.url, 'PUT', `/${B}?policy`, { body: policy })).status).toBe(204)
  const put = await s3(server.url, 'PUT', `/${B}/upload.txt`, {
    body: '<script>alert(1)</script>',
    headers: { 'content-type': 'text/plain' },
  })
  expect(put.status).toBe(200)
})
afterAll(() => server.stop())

describe('anonymous GET with response-* overrides', () => {
  it.each(OVERRIDES)('%s → 400 InvalidRequest, no body served', async (param) => {
    const res = await s3(server.url, 'GET', `/${B}/upload.txt?${param}=text%2Fhtml`, { anonymous: true })
    expect(res.status).toBe(400)
    expect(xmlField(res.text, 'Code')).toBe('InvalidRequest')
    expect(xmlField(res.text, 'Message')).toBe(
      'Request specific response headers cannot be used for anonymous GET requests.',
    )
    expect(res.text).not.toContain('<script>')
  })

  it('a plain anonymous GET is served with the stored Content-Type', async () => {
    const res = await s3(server.url, 'GET', `/${B}/upload.txt`, { anonymous: true })
    expect(res.status).toBe(200)
    expect(res.headers['content-type']).toBe('text/plain')
  })
})

describe('signed GETs keep the overrides', () => {
  it('a header-signed GET', async () => {
    const res = await s3(server.url, 'GET', `/${B}/upload.txt?response-content-disposition=attachment`)
    expect(res.status).toBe(200)
    expect(res.headers['content-disposition']).toBe('attachment')
  })

  it('a presigned GET', async () => {
    const url = presignedUrl(server.url, 'GET', `/${B}/upload.txt`, {
      query: [['response-content-type', 'application/json']],
    })
    const res = await send(url, 'GET', {}, Buffer.alloc(0))
    expect(res.status).toBe(200)
    expect(res.headers['content-type']).toBe('application/json')
  })
})
