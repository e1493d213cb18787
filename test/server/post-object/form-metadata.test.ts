/**
 * A POST form's metadata fields become response headers of every later GET and HEAD, so they
 * must be valid HTTP headers. Found by the request property tests (issue 12): a signed form
 * with `Content-Type: €`, a control character in `x-amz-meta-*` or a space in its name was
 * stored, and from then on every GET of the object answered 500.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { postForm as postFormTo } from '../helpers/post-form.js'
import { s3, xmlField } from '../helpers/signed-request.js'
import { startTestServer, type TestServer } from '../helpers/test-server.js'

let server: TestServer
const BUCKET = 'form-metadata'

beforeAll(async () => {
  server = await startTestServer()
  expect((await s3(server.url, 'PUT', `/${BUCKET}`)).status).toBe(200)
})
afterAll(() => server.stop())

const postForm = (key: string, extra: Record<string, string>) => postFormTo(server, BUCKET, key, extra)

describe('POST Object metadata that is no valid HTTP header', () => {
  it.each([
    ['content-type', { 'Content-Type': '€' }],
    ['cache-control', { 'Cache-Control': 'max-age=1\u0001' }],
    ['x-amz-meta-note', { 'x-amz-meta-note': 'a\u0001b' }],
    ['x-amz-meta-a b', { 'x-amz-meta-a b': 'v' }],
  ])('%s: InvalidArgument, nothing stored', async (name, extra) => {
    const key = `bad-${name.replace(/\W/g, '')}`
    const res = await postForm(key, extra)
    expect(res.status).toBe(400)
    expect(xmlField(res.text, 'Code')).toBe('InvalidArgument')
    expect(xmlField(res.text, 'ArgumentName')).toBe(name)
    expect((await s3(server.url, 'HEAD', `/${BUCKET}/${key}`)).status).toBe(404)
  })

  it('latin-1 text and a valid Content-Type are stored and served back', async () => {
    const res = await postForm('good', {
      'Content-Type': 'text/plain; charset=utf-8',
      'x-amz-meta-note': 'caf\u00e9',
    })
    expect(res.status).toBe(204)
    const got = await s3(server.url, 'GET', `/${BUCKET}/good`)
    expect(got.status).toBe(200)
    expect(got.headers['content-type']).toBe('text/plain; charset=utf-8')
  })
})
