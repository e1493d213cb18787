import { execFileSync } from 'node:child_process'
import { createRequire } from 'node:module'
import { dirname } from 'node:path'
import { defineConfig } from 'tsup'

const require = createRequire(import.meta.url)
/** The `buffer` polyfill readable-stream itself depends on. */
export const BROWSER_BUFFER = require.resolve('buffer/', {
  paths: [dirname(require.resolve('readable-stream/package.json'))],
})

/** Build stamps the admin `info` record reports as server.version and server.commitID. */
function buildStamps(): Record<string, string> {
  const time = `${new Date().toISOString().slice(0, 19)}Z`
  let commit = ''
  try {
    commit = execFileSync('git', ['rev-parse', 'HEAD'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim()
  } catch {
    // Not a git checkout (e.g. an npm tarball): build-info.ts falls back to the package version.
  }
  return {
    __SILO_BUILD_TIME__: JSON.stringify(time),
    ...(commit ? { __SILO_COMMIT_ID__: JSON.stringify(commit) } : {}),
  }
}
const STAMPS = buildStamps()

// Four builds from one source tree (docs/architecture.md, "One package, four doors"):
// the SDK for Node (ESM + CJS + types), the SDK for browsers (ESM, no Node built-ins),
// the server and the CLI for Node. Platform-specific SDK code is chosen through the
// package.json "imports" map (#platform), resolved by esbuild's "browser" / "node" conditions.
export default defineConfig([
  {
    entry: { index: 'src/index.ts' },
    outDir: 'dist/node',
    format: ['esm', 'cjs'],
    platform: 'node',
    target: 'node20',
    dts: true,
    sourcemap: true,
    clean: true,
    splitting: true,
    treeshake: true,
  },
  {
    entry: { index: 'src/index.ts' },
    outDir: 'dist/browser',
    format: ['esm'],
    platform: 'browser',
    target: 'es2022',
    sourcemap: true,
    clean: true,
    // Code splitting keeps what a call needs in chunks loaded on first use (readable-stream for
    // response streams, fast-xml-parser for XML bodies); minified, since pages ship it as is.
    splitting: true,
    treeshake: true,
    minify: true,
    noExternal: [/.*/],
    esbuildOptions(options) {
      // readable-stream needs buffer@6 but string_decoder's safe-buffer resolves the top-level
      // buffer@5: one copy is enough (~6 KB gzipped less).
      options.alias = { ...options.alias, buffer: BROWSER_BUFFER }
    },
  },
  {
    // erasure-codec: an internal entry (not in package.json "exports") so the bench measures
    // the built Reed-Solomon codec (bench/scenarios/erasure-codec.mjs).
    entry: { index: 'src/server/index.ts', 'erasure-codec': 'src/server/storage/erasure/codec/index.ts' },
    outDir: 'dist/server',
    format: ['esm'],
    platform: 'node',
    target: 'node20',
    dts: true,
    sourcemap: true,
    clean: true,
    define: STAMPS,
  },
  {
    entry: { main: 'src/cli/main.ts' },
    outDir: 'dist/cli',
    format: ['esm'],
    platform: 'node',
    target: 'node20',
    sourcemap: true,
    clean: true,
    define: STAMPS,
    banner: { js: '#!/usr/bin/env node' },
  },
])
