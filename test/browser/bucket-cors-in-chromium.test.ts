/**
 * A bucket's own CORS rules in a real Chromium (issue 19): a page on one origin fetches
 * presigned URLs of a Silo server on another. The browser, not the test, decides whether the
 * page may read the answer: it may for the bucket whose rules name its origin (a preflighted PUT
 * included, and the exposed ETag), and may not for a bucket whose rules name another origin,
 * though the server-wide default would have let it in.
 */
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { nodeCrypto } from '../../src/server/auth/node-crypto.js'
import { presignRequest } from '../../src/shared/sigv4/index.js'
import { s3 } from '../server/helpers/signed-request.js'
import { ROOT, startTestServer, type TestServer } from '../server/helpers/test-server.js'
import { launchChromium, skipReason } from './chromium.js'
import { type StaticServer, serveStatic } from './static-server.js'

const reason = skipReason()

const rules = (origin: string) =>
  `<CORSConfiguration><CORSRule><AllowedOrigin>${origin}</AllowedOrigin><AllowedMethod>GET</AllowedMethod><AllowedMethod>PUT</AllowedMethod><AllowedHeader>content-*</AllowedHeader><ExposeHeader>ETag</ExposeHeader></CORSRule></CORSConfiguration>`

function presign(server: TestServer, method: string, path: string): string {
  const url = new URL(path, server.url)
  const { query } = presignRequest(
    nodeCrypto,
    { method, path: url.pathname, headers: { host: url.host } },
    { ...ROOT, region: 'us-east-1', date: new Date(), expires: 600 },
  )
  for (const [k, v] of query) url.searchParams.append(k, v)
  return url.href
}

let server: TestServer
let site: StaticServer
let browser: Browser

describe.skipIf(reason !== undefined)('bucket CORS rules in Chromium', () => {
  beforeAll(async () => {
    server = await startTestServer()
    site = await serveStatic({ '/index.html': '<!doctype html><title>cors</title>' }, '/nonexistent')
    browser = await launchChromium()
    for (const [bucket, origin] of [
      ['open-to-page', site.url],
      ['closed-to-page', 'https://elsewhere.example'],
    ] as const) {
      await s3(server.url, 'PUT', `/${bucket}`)
      await s3(server.url, 'PUT', `/${bucket}/k`, { body: 'hello' })
      expect((await s3(server.url, 'PUT', `/${bucket}?cors`, { body: rules(origin) })).status).toBe(200)
    }
  }, 60_000)
  afterAll(async () => {
    await browser?.close()
    await site?.close()
    await server?.stop()
  })

  it('lets the page in where the bucket’s rules name its origin, and only there', async () => {
    const page = await browser.newPage()
    await page.goto(`${site.url}/index.html`)
    const urls = {
      get: presign(server, 'GET', '/open-to-page/k'),
      put: presign(server, 'PUT', '/open-to-page/from-page'),
      closedGet: presign(server, 'GET', '/closed-to-page/k'),
      closedPut: presign(server, 'PUT', '/closed-to-page/from-page'),
    }
    const result = await page.evaluate(async (u) => {
      const attempt = async (url: string, init?: RequestInit) => {
        try {
          const res = await fetch(url, init)
          return { status: res.status, text: await res.text(), etag: res.headers.get('etag') }
        } catch (e) {
          return { blocked: String(e) }
        }
      }
      // application/octet-stream is not a CORS-safelisted type: the PUT is preflighted.
      const put = {
        method: 'PUT',
        body: 'from the page',
        headers: { 'content-type': 'application/octet-stream' },
      }
      return {
        get: await attempt(u.get),
        put: await attempt(u.put, put),
        closedGet: await attempt(u.closedGet),
        closedPut: await attempt(u.closedPut, put),
      }
    }, urls)
    expect(result.get).toEqual({ status: 200, text: 'hello', etag: '"5d41402abc4b2a76b9719d911017c592"' })
    expect(result.put).toMatchObject({ status: 200 })
    expect(result.closedGet).toEqual({ blocked: expect.stringContaining('Failed to fetch') })
    expect(result.closedPut).toEqual({ blocked: expect.stringContaining('Failed to fetch') })
    // The refused preflight kept the PUT from being sent at all.
    expect((await s3(server.url, 'HEAD', '/closed-to-page/from-page')).status).toBe(404)
    expect((await s3(server.url, 'HEAD', '/open-to-page/from-page')).status).toBe(200)
  })
})
