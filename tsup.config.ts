import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
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

/** Where the server package (server + CLI) is laid out; `npm pack` there makes its tarball. */
export const SERVER_PACKAGE = 'packages/silo-server'

/**
 * What the server and CLI builds leave to `require`/`import` at run time: the server package's
 * dependencies and (optional) peer dependencies. tsup only leaves the top-level manifest's own
 * dependencies out of a bundle by itself, and that manifest is the SDK's.
 */
function serverPackageExternals(): string[] {
  const manifest = JSON.parse(readFileSync(new URL(`${SERVER_PACKAGE}/package.json`, import.meta.url), 'utf8')) as {
    dependencies?: Record<string, string>
    peerDependencies?: Record<string, string>
  }
  return [...Object.keys(manifest.dependencies ?? {}), ...Object.keys(manifest.peerDependencies ?? {})]
}
const SERVER_EXTERNALS = serverPackageExternals()

// Four builds from one source tree, for two packages (docs/architecture.md, "Packages"):
// the SDK package `silo` (this folder's package.json): the SDK for Node (ESM + CJS + types) in
// dist/node and for browsers (ESM, no Node built-ins) in dist/browser; the server package
// `silo-server` (packages/silo-server): the server (ESM + types) in its dist/server and the CLI
// in its dist/cli. Platform-specific SDK code is chosen through the package.json "imports" map
// (#platform), resolved by esbuild's "browser" / "node" conditions.
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
    // Types as a browser sees them: the `browser` condition picks each `#platform` /
    // `#object-stream` module's browser half, so a download is typed as the LightReadable it is
    // and no Node module is named (test/build/browser-types.test.ts).
    dts: { compilerOptions: { customConditions: ['browser'] } },
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
    outDir: `${SERVER_PACKAGE}/dist/server`,
    format: ['esm'],
    platform: 'node',
    target: 'node20',
    dts: true,
    sourcemap: true,
    clean: true,
    external: SERVER_EXTERNALS,
    define: STAMPS,
  },
  {
    // The CLI bundles what it uses of the SDK (through src/index.ts, the public entry) and of the
    // server (`silo server`, loaded on first use), so dist/cli runs on its own with the server
    // package's dependencies.
    entry: { main: 'src/cli/main.ts' },
    outDir: `${SERVER_PACKAGE}/dist/cli`,
    format: ['esm'],
    platform: 'node',
    target: 'node20',
    sourcemap: true,
    clean: true,
    external: SERVER_EXTERNALS,
    define: STAMPS,
    banner: { js: '#!/usr/bin/env node' },
  },
])
