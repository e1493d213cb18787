/**
 * What a web page pays for the SDK: a small program (create a client, putObject, getObject read
 * to the end, list a bucket with `for await`) bundled and minified with esbuild from the SDK's
 * browser build, weighed gzipped. Before its first call a page loads only the entry and its static
 * imports; fast-xml-parser loads when a call needs it, and readable-stream is not in the browser
 * build at all (response bodies and listings are light readables, src/sdk/platform/light-readable.ts).
 */
import { rmSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildBrowserSdk } from '../browser/build-browser-sdk.js'
import { type BundleWeight, weighProgram } from './measure-bundle.js'

const KB = 1024

const PROGRAM = `
import { Client } from SDK_ENTRY
const client = new Client({ endPoint: 'localhost', port: 9000, useSSL: false, accessKey: 'AK', secretKey: 'SK' })
await client.putObject('photos', 'a.txt', 'hello')
for await (const chunk of await client.getObject('photos', 'a.txt')) console.log(chunk.length)
for await (const item of client.listObjectsV2('photos', '', true)) console.log(item.name)
`

let sdkDir: string
let weight: BundleWeight

beforeAll(async () => {
  sdkDir = await buildBrowserSdk()
  weight = await weighProgram(PROGRAM, `${sdkDir}/index.js`)
}, 60_000)
afterAll(() => rmSync(sdkDir, { recursive: true, force: true }))

describe('browser bundle size of a small program', () => {
  it('loads at most 40 KB gzipped before its first call', () => {
    expect(weight.eager).toBeLessThanOrEqual(40 * KB)
  })

  it('keeps fast-xml-parser out of the first load and readable-stream out of the bundle', () => {
    const eagerPackages = weight.chunks.filter((c) => c.static).flatMap((c) => c.packages)
    expect(eagerPackages).not.toContain('fast-xml-parser')
    const lazyPackages = weight.chunks.filter((c) => !c.static).flatMap((c) => c.packages)
    expect(lazyPackages).toContain('fast-xml-parser')
    expect([...eagerPackages, ...lazyPackages]).not.toContain('readable-stream')
  })

  it("signs with the SDK's own SigV4 steps: no @smithy/signature-v4 (nor @smithy/core) in the bundle", () => {
    const packages = weight.chunks.flatMap((c) => c.packages)
    expect(packages).not.toContain('@smithy/signature-v4')
    expect(packages).not.toContain('@smithy/core')
  })

  it('loads at most 80 KB gzipped in all, every lazily loaded chunk included', () => {
    expect(weight.total).toBeLessThanOrEqual(80 * KB)
  })
})
