// Where the bench finds the built Silo package. SILO_BENCH_SERVER / SILO_BENCH_SDK point at
// another build (run.mjs sets them to a snapshot of dist/; a user may set them to compare
// two versions of Silo with the same harness). Read lazily: child processes inherit them.
import { existsSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

export const ROOT = fileURLToPath(new URL('../../', import.meta.url))
export const DIST = join(ROOT, 'dist')
/** The server package's build (server + CLI), made by the same `npm run build`. */
export const SERVER_DIST = join(ROOT, 'packages/silo-server/dist')
export const RESULTS_DIR = fileURLToPath(new URL('../results/', import.meta.url))

export const siloServerEntry = () =>
  resolve(process.env.SILO_BENCH_SERVER || join(SERVER_DIST, 'server/index.js'))
export const siloSdkEntry = () => resolve(process.env.SILO_BENCH_SDK || join(DIST, 'node/index.js'))
/**
 * Node flags every Silo server child starts with (cluster members, one server, the erasure
 * server): `SILO_BENCH_NODE_FLAGS`, space-separated (none by default). For measuring a runtime
 * setting on both sides of a comparison, e.g. `--initial-old-space-size=128`.
 */
export const siloNodeFlags = () => (process.env.SILO_BENCH_NODE_FLAGS ?? '').split(/\s+/).filter(Boolean)
export const isSiloServerBuilt = () => existsSync(siloServerEntry())
export const isSiloSdkBuilt = () => existsSync(siloSdkEntry())

/** `path` relative to the repository, for messages. */
export const describePath = (path) => relative(ROOT, path)
