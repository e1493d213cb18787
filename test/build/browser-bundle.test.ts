import { gzipSync } from 'node:zlib'
import { build } from 'esbuild'
import { describe, expect, it } from 'vitest'

/**
 * The SDK entry bundled for browsers the way a user's bundler would (platform browser,
 * the "browser" condition, no polyfills configured): it must build without any Node
 * built-in, pull in nothing from src/server or src/cli, and stay within a size budget.
 */
async function bundleBrowserEntry() {
  const result = await build({
    entryPoints: ['src/index.ts'],
    bundle: true,
    write: false,
    minify: true,
    format: 'esm',
    platform: 'browser',
    conditions: ['browser'],
    metafile: true,
    logLevel: 'silent',
  })
  return result
}

describe('the browser bundle of the SDK', () => {
  it('builds with no Node built-in and nothing from the server or the CLI', async () => {
    const { metafile } = await bundleBrowserEntry()
    const inputs = Object.keys(metafile.inputs)
    expect(inputs.some((p) => p.startsWith('src/server/') || p.startsWith('src/cli/'))).toBe(false)
    expect(inputs.filter((p) => p.includes('platform/node'))).toEqual([])
    for (const output of Object.values(metafile.outputs)) {
      const nodeImports = output.imports.filter((i) => i.path.startsWith('node:') || i.external)
      expect(nodeImports).toEqual([])
    }
  })

  it('stays within the gzip budget (whole SDK, everything in one file: 105 KB)', async () => {
    const { outputFiles } = await bundleBrowserEntry()
    const gz = gzipSync(Buffer.from(outputFiles[0]!.contents)).length
    expect(gz).toBeGreaterThan(1_000)
    expect(gz).toBeLessThan(105 * 1024)
  })
})
