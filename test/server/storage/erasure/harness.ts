import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { ErasureOptions } from '../../../../src/server/storage/erasure.js'
import { openErasureSets } from '../../../../src/server/storage/erasure-sets.js'
import type { ObjectLayer } from '../../../../src/server/storage/object-layer.js'
import type { StorageUnderTest } from '../contract.js'
import { runCrashingWriter } from '../single-drive/harness.js'

/**
 * An erasure set of `drives` fresh temp drives, with the contract hooks and the drive dirs;
 * `setDriveCount` cuts them into several sets (openErasureSets; default one set, openErasure's).
 */
export async function openTempErasure(
  drives: number,
  options: ErasureOptions & { setDriveCount?: number } = {},
): Promise<StorageUnderTest & { dirs: string[]; root: string; backend: ObjectLayer }> {
  const root = await mkdtemp(join(tmpdir(), 'silo-erasure-'))
  const dirs = Array.from({ length: drives }, (_, i) => join(root, `d${i + 1}`))
  const opts = { driveCheckIntervalMs: 0, ...options, setDriveCount: options.setDriveCount ?? drives }
  const openBackend = () => openErasureSets(dirs, opts)
  let open = true
  const harness = {
    root,
    dirs,
    usedBytes: 'raw' as const,
    backend: await openBackend(),
    async cleanup() {
      if (open) await harness.backend.close()
      open = false
      await rm(root, { recursive: true, force: true })
    },
    async reopen() {
      await harness.backend.close()
      harness.backend = await openBackend()
      return harness.backend
    },
    async crashMidWrite(bucket: string, key: string) {
      await harness.backend.close()
      open = false
      await runCrashingWriter(dirs.join(','), bucket, key, opts.setDriveCount)
      harness.backend = await openBackend()
      open = true
      return harness.backend
    },
    async countTempFiles() {
      let count = 0
      for (const dir of dirs) count += (await readdir(join(dir, '.silo.sys', 'tmp')).catch(() => [])).length
      return count
    },
  }
  return harness
}
