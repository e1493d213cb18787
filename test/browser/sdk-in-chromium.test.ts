/**
 * The SDK's browser build in a real Chromium: a page served from one origin uses the SDK against
 * a Silo server on another (so every call goes through CORS): create a bucket, upload a File with
 * progress, list, download, use a presigned GET and a POST-policy form, and get an S3Error for a
 * missing key.
 */
import { rmSync } from 'node:fs'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ROOT_PASSWORD, ROOT_USER, type RunningServer, startServer } from '../e2e/helpers/server.js'
import { buildBrowserSdk } from './build-browser-sdk.js'
import { launchChromium, skipReason } from './chromium.js'
import { type StaticServer, serveStatic } from './static-server.js'

const reason = skipReason()
if (reason) console.warn(`browser tests skipped: ${reason}`)

const PAGE = `<!doctype html><meta charset="utf-8"><title>silo</title>
<script type="module">import * as silo from '/sdk/index.js'; window.silo = silo; window.ready = true</script>`

let silo: RunningServer
let site: StaticServer
let browser: Browser
let sdkDir: string

describe.skipIf(reason !== undefined)('the SDK in Chromium', () => {
  beforeAll(async () => {
    sdkDir = await buildBrowserSdk()
    silo = await startServer()
    site = await serveStatic({ '/index.html': PAGE }, sdkDir)
    browser = await launchChromium()
  }, 60_000)
  afterAll(async () => {
    await browser?.close()
    await site?.close()
    await silo?.stop()
    if (sdkDir) rmSync(sdkDir, { recursive: true, force: true })
  })

  it('runs a bucket/object/presign/POST-policy session against a server on another origin', async () => {
    const page = await browser.newPage()
    const pageErrors: string[] = []
    page.on('pageerror', (e) => pageErrors.push(e.message))
    await page.goto(`${site.url}/index.html`)
    await page.waitForFunction(() => (window as unknown as { ready?: boolean }).ready === true)
    const config = { host: silo.host, port: silo.port, accessKey: ROOT_USER, secretKey: ROOT_PASSWORD }
    const result = await page.evaluate(runSession, config)
    expect(pageErrors).toEqual([])
    expect(result.origin).not.toBe(silo.url)
    expect(result.bucketExists).toBe(true)
    expect(result.uploaded.etag).toMatch(/^[0-9a-f]{32}$/)
    expect(result.progress.at(-1)).toEqual({ loaded: 6 * 1024 * 1024 + 3, total: 6 * 1024 * 1024 + 3 })
    expect(result.listed).toEqual(['docs/big.bin', 'docs/hello.txt'])
    expect(result.listedByEvents).toEqual(result.listed)
    expect(result.downloaded).toBe('hello from a File')
    expect(result.stat).toEqual({ size: 17, owner: 'page' })
    expect(result.presigned).toBe('hello from a File')
    expect(result.posted).toEqual({ status: 204, body: 'posted from a form' })
    expect(result.missing).toEqual({ name: 'S3Error', code: 'NoSuchKey', isS3Error: true })
  })
})

type Session = {
  origin: string
  bucketExists: boolean
  uploaded: { etag: string }
  progress: Array<{ loaded: number; total?: number }>
  listed: string[]
  listedByEvents: string[]
  downloaded: string
  stat: { size: number; owner: unknown }
  presigned: string
  posted: { status: number; body: string }
  missing: { name: string; code: string; isS3Error: boolean }
}

// Runs in the page (serialized by Playwright): only the page's globals are in scope.
async function runSession(config: {
  host: string
  port: number
  accessKey: string
  secretKey: string
}): Promise<Session> {
  // biome-ignore lint/suspicious/noExplicitAny: the page's module namespace, typed only in the test
  const silo = (window as any).silo
  const { host, port, accessKey, secretKey } = config
  const client = new silo.Client({ endPoint: host, port, useSSL: false, accessKey, secretKey })
  const readAll = async (stream: AsyncIterable<Uint8Array>) => {
    const parts: Uint8Array<ArrayBuffer>[] = []
    for await (const chunk of stream) parts.push(chunk as Uint8Array<ArrayBuffer>)
    return new TextDecoder().decode(await new Blob(parts).arrayBuffer())
  }
  await client.makeBucket('browser-bucket')
  const bucketExists = await client.bucketExists('browser-bucket')
  const file = new File(['hello from a File'], 'hello.txt', { type: 'text/plain' })
  const uploaded = await client.putObject('browser-bucket', 'docs/hello.txt', file, file.size, {
    'x-amz-meta-owner': 'page',
  })
  const progress: Array<{ loaded: number; total?: number }> = []
  const big = new Blob([new Uint8Array(6 * 1024 * 1024 + 3).fill(7)])
  await client.putObject(
    'browser-bucket',
    'docs/big.bin',
    big,
    big.size,
    {},
    {
      onProgress: (p: { loaded: number; total?: number }) =>
        progress.push({ loaded: p.loaded, total: p.total }),
    },
  )
  const listed: string[] = []
  for await (const item of client.listObjectsV2('browser-bucket', 'docs/', true)) listed.push(item.name)
  // The event API of a listing, used at once (before readable-stream has loaded).
  const listedByEvents = await new Promise<string[]>((resolve, reject) => {
    const names: string[] = []
    client
      .listObjects('browser-bucket', 'docs/', true)
      .on('data', (item: { name: string }) => names.push(item.name))
      .on('error', reject)
      .on('end', () => resolve(names))
  })
  const downloaded = await readAll(await client.getObject('browser-bucket', 'docs/hello.txt'))
  const s = await client.statObject('browser-bucket', 'docs/hello.txt')
  const url = await client.presignedGetObject('browser-bucket', 'docs/hello.txt', 60)
  const presigned = await (await fetch(url)).text()
  const policy = client.newPostPolicy()
  policy.setBucket('browser-bucket')
  policy.setKey('docs/posted.txt')
  policy.setExpires(new Date(Date.now() + 60_000))
  const { postURL, formData } = await client.presignedPostPolicy(policy)
  const form = new FormData()
  for (const [name, value] of Object.entries(formData)) form.append(name, value as string)
  form.append('file', new Blob(['posted from a form']), 'posted.txt')
  const postRes = await fetch(postURL, { method: 'POST', body: form })
  const postedBody = await readAll(await client.getObject('browser-bucket', 'docs/posted.txt'))
  let missing = { name: '', code: '', isS3Error: false }
  try {
    await client.getObject('browser-bucket', 'docs/none.txt')
  } catch (e) {
    const err = e as { name: string; code: string }
    missing = { name: err.name, code: err.code, isS3Error: e instanceof silo.S3Error }
  }
  return {
    origin: location.origin,
    bucketExists,
    uploaded: { etag: uploaded.etag },
    progress,
    listed,
    listedByEvents,
    downloaded,
    stat: { size: s.size, owner: s.metaData.owner },
    presigned,
    posted: { status: postRes.status, body: postedBody },
    missing,
  }
}
