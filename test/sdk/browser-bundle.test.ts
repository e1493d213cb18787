/**
 * The browser build: bundles src/index.ts as tsup's browser build does (platform browser, code
 * splitting) and checks that no Node built-in, server or CLI file gets in, then drives the bundle
 * (fetch + lazily loaded readable-stream) against a local server.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { build, type Metafile } from 'esbuild'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const outdir = mkdtempSync(join(tmpdir(), 'silo-browser-'))
let metafile: Metafile

beforeAll(async () => {
  const result = await build({
    entryPoints: { index: 'src/index.ts' },
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    metafile: true,
    logLevel: 'silent',
  })
  metafile = result.metafile
}, 60_000)
afterAll(() => rmSync(outdir, { recursive: true, force: true }))

describe('browser bundle', () => {
  it('contains no Node built-ins and nothing from the server or CLI', () => {
    const inputs = Object.keys(metafile.inputs)
    expect(inputs.filter((p) => p.startsWith('src/server/') || p.startsWith('src/cli/'))).toEqual([])
    expect(inputs).toContain('src/sdk/platform/browser.ts')
    expect(inputs).not.toContain('src/sdk/platform/node.ts')
    const imports = Object.values(metafile.outputs).flatMap((o) => o.imports.map((i) => i.path))
    expect(
      imports.filter((p) => p.startsWith('node:') || ['http', 'https', 'crypto', 'stream'].includes(p)),
    ).toEqual([])
  })

  it('uploads and downloads through fetch', async () => {
    const server = http.createServer((req, res) => {
      const chunks: Buffer[] = []
      req.on('data', (c: Buffer) => chunks.push(c))
      req.on('end', () => {
        if (req.method === 'GET') res.end('from server')
        else res.writeHead(200, { etag: `"${Buffer.concat(chunks).length}"` }).end()
      })
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    try {
      const { Client } = await import(pathToFileURL(join(outdir, 'index.js')).href)
      const port = (server.address() as AddressInfo).port
      const client = new Client({
        endPoint: '127.0.0.1',
        port,
        useSSL: false,
        accessKey: 'AK',
        secretKey: 'SK',
        region: 'us-east-1',
      })
      expect(await client.putObject('photos', 'a', 'héllo')).toEqual({ etag: '6', versionId: null })
      const stream = await client.getObject('photos', 'a')
      let text = ''
      for await (const chunk of stream) text += Buffer.from(chunk).toString()
      expect(text).toBe('from server')
      expect(typeof stream.pipe).toBe('function')
    } finally {
      server.closeAllConnections()
      server.close()
    }
  })
})
