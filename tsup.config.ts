import { defineConfig } from 'tsup'

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
    splitting: true,
    treeshake: true,
    noExternal: [/.*/],
  },
  {
    entry: { index: 'src/server/index.ts' },
    outDir: 'dist/server',
    format: ['esm'],
    platform: 'node',
    target: 'node20',
    dts: true,
    sourcemap: true,
    clean: true,
  },
  {
    entry: { main: 'src/cli/main.ts' },
    outDir: 'dist/cli',
    format: ['esm'],
    platform: 'node',
    target: 'node20',
    sourcemap: true,
    clean: true,
    banner: { js: '#!/usr/bin/env node' },
  },
])
