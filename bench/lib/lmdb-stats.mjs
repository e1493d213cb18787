// The shape of a Silo drive's metadata store, read from outside the server: LMDB lets another
// process open the environment read-only beside its writer. For the scaling table's evidence
// (tree depth, pages, file size as a bucket grows); no figure here is timed.
import { statSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'

const require = createRequire(import.meta.url)
const DATABASES = ['objects', 'blobs']

/**
 * {fileMiB, objects: {depth, leafPages, branchPages, entries}, blobs: {...}} of the drive at
 * `dir` (its `.silo.sys/meta`), or {error} when it cannot be read.
 */
export function readLmdbShape(dir) {
  const path = join(dir, '.silo.sys', 'meta')
  let env
  try {
    const { open } = require('lmdb')
    env = open({ path, readOnly: true, maxDbs: 16 })
    const shape = { fileMiB: statSync(join(path, 'data.mdb')).size / 1048576 }
    for (const name of DATABASES) {
      const stats = env.openDB({ name, keyEncoding: 'binary', readOnly: true }).getStats()
      shape[name] = {
        depth: stats.treeDepth,
        leafPages: stats.treeLeafPageCount,
        branchPages: stats.treeBranchPageCount,
        overflowPages: stats.overflowPages,
        entries: stats.entryCount,
      }
    }
    return shape
  } catch (error) {
    return { error: error.message }
  } finally {
    env?.close()
  }
}
