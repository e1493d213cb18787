/**
 * GetObject's response-* overrides become response headers. Found by the request property
 * tests (issue 12): a value no HTTP header may carry (a line break, a control character,
 * text beyond latin-1 such as '€') answered 500 InternalError.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { s3, xmlField } from '../../helpers/signed-request.js'
import { startTestServer, type TestServer } from '../../helpers/test-server.js'

let server: TestServer
const KEY = '/response-overrides/k'

beforeAll(async () => {
  server = await startTestServer()
  expect((await s3(server.url, 'PUT', '/response-overrides')).status).toBe(200)
  expect((await s3(server.url, 'PUT', KEY, { body: 'x' })).status).toBe(200)
})
afterAll(() => server.stop())

describe('response-* overrides that no header may carry', () => {
  it.each([
    ['response-content-type', '%E2%82%AC'],
    ['response-cache-control', 'a%0Ab'],
    ['response-content-disposition', 'attachment%0D%0ASet-Cookie:%20x=1'],
    ['response-expires', 'a%01'],
  ])('%s=%s is InvalidArgument naming it', async (name, value) => {
    const res = await s3(server.url, 'GET', `${KEY}?${name}=${value}`)
    expect(res.status).toBe(400)
    expect(xmlField(res.text, 'Code')).toBe('InvalidArgument')
    expect(xmlField(res.text, 'ArgumentName')).toBe(name)
  })

  it('latin-1 values still override', async () => {
    const res = await s3(
      server.url,
      'GET',
      `${KEY}?response-content-disposition=attachment%3B%20filename%3D%22caf%C3%A9%22`,
    )
    expect(res.status).toBe(200)
    // é is latin-1: one byte on the wire, as Node sends any header text.
    expect(res.headers['content-disposition']).toBe('attachment; filename="café"')
  })
})
