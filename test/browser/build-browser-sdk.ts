/**
 * Bundles the SDK for browsers the way tsup's browser build does (tsup.config.ts) into a temporary
 * folder; `meta.json` there says which packages each chunk holds.
 */
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { build } from 'esbuild'
import { BROWSER_BUFFER } from '../../tsup.config.js'

export async function buildBrowserSdk(): Promise<string> {
  const outdir = mkdtempSync(join(tmpdir(), 'silo-browser-sdk-'))
  const { metafile } = await build({
    entryPoints: { index: 'src/index.ts' },
    outdir,
    bundle: true,
    splitting: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    alias: { buffer: BROWSER_BUFFER },
    metafile: true,
    logLevel: 'silent',
  })
  writeFileSync(join(outdir, 'meta.json'), JSON.stringify(metafile))
  return outdir
}
