// Pins the Silo build for the whole run. tsup cleans dist/ when anyone rebuilds, so a run
// that imported dist/ directly could lose (or mix) Silo builds halfway through.
import { copyFileSync, cpSync, existsSync } from 'node:fs'
import { join } from 'node:path'
import { DIST, ROOT, SERVER_DIST } from './paths.mjs'
import { createTempFolder } from './temp-root.mjs'

const PARTS = [
  { env: 'SILO_BENCH_SDK', dist: DIST, folder: 'node' },
  { env: 'SILO_BENCH_SERVER', dist: SERVER_DIST, folder: 'server' },
]
const REBUILD_WAIT_MS = 15_000
// Inside the repository's node_modules, so the copy resolves Silo's dependencies as dist/ does,
// and outside what lint and tests look at.
const SNAPSHOTS = join(ROOT, 'node_modules/.cache/silo-bench')

/**
 * Copies dist/node and packages/silo-server/dist/server (with package.json, so the copy is laid
 * out like a package) under node_modules/.cache/silo-bench/, and points SILO_BENCH_SDK /
 * SILO_BENCH_SERVER at the copy; children inherit them. Parts already pointed elsewhere by the user are left alone.
 */
export async function snapshotSiloBuild(log) {
  const wanted = PARTS.filter((part) => !process.env[part.env])
  if (wanted.length === 0 || !existsSync(DIST)) return
  const root = createTempFolder(SNAPSHOTS, 'build-')
  copyFileSync(join(ROOT, 'package.json'), join(root, 'package.json'))
  for (const { env, dist, folder } of wanted) {
    const source = join(dist, folder)
    if (!(await waitForFile(join(source, 'index.js')))) continue
    cpSync(source, join(root, 'dist', folder), { recursive: true })
    process.env[env] = join(root, 'dist', folder, 'index.js')
  }
  log(`Silo build: snapshot of dist/ in ${root}`)
}

/** dist/ exists but a part is missing: maybe a rebuild is under way, so wait a little. */
async function waitForFile(path) {
  const deadline = Date.now() + REBUILD_WAIT_MS
  while (!existsSync(path) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 500))
  return existsSync(path)
}
