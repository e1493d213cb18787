// Where the bench finds the built Silo package (dist/, produced by `npm run build`).
import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

export const ROOT = fileURLToPath(new URL('../../', import.meta.url))
// SILO_BENCH_SERVER / SILO_BENCH_SDK point at another build (say, main's dist copied aside)
// to compare two versions of Silo with the same harness.
export const SILO_SERVER_ENTRY = resolve(
  process.env.SILO_BENCH_SERVER || fileURLToPath(new URL('../../dist/server/index.js', import.meta.url)),
)
export const SILO_SDK_ENTRY = resolve(
  process.env.SILO_BENCH_SDK || fileURLToPath(new URL('../../dist/node/index.js', import.meta.url)),
)
export const RESULTS_DIR = fileURLToPath(new URL('../results/', import.meta.url))

export const isSiloServerBuilt = () => existsSync(SILO_SERVER_ENTRY)
export const isSiloSdkBuilt = () => existsSync(SILO_SDK_ENTRY)
