import { spawn } from 'node:child_process'
import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { openSingleDrive, type SingleDriveOptions } from '../../../../src/server/storage/single-drive.js'
import type { StorageUnderTest } from '../contract.js'

const CRASH_WRITER = fileURLToPath(new URL('../fixtures/crash-writer.ts', import.meta.url))
const VITE_NODE = fileURLToPath(new URL('../../../../node_modules/.bin/vite-node', import.meta.url))

/** A single drive on a fresh temp dir, with every contract hook, plus the dir for layout checks. */
export async function openTempDrive(
  options: SingleDriveOptions = {},
): Promise<StorageUnderTest & { dir: string }> {
  const dir = await mkdtemp(join(tmpdir(), 'silo-drive-'))
  let open = true
  const harness = {
    dir,
    backend: await openSingleDrive(dir, options),
    async cleanup() {
      if (open) await harness.backend.close()
      open = false
      await rm(dir, { recursive: true, force: true })
    },
    async reopen() {
      await harness.backend.close()
      harness.backend = await openSingleDrive(dir, options)
      return harness.backend
    },
    async crashMidWrite(bucket: string, key: string) {
      await harness.backend.close()
      open = false
      await runCrashingWriter(dir, bucket, key)
      harness.backend = await openSingleDrive(dir, options)
      open = true
      return harness.backend
    },
    countTempFiles: async () => (await readdir(join(dir, '.silo.sys', 'tmp'))).length,
    countDataFiles: () => countDataFiles(dir),
  }
  return harness
}

/** Every file under `.silo.sys/data`, across the fan-out folders. */
export async function countDataFiles(dir: string): Promise<number> {
  const data = join(dir, '.silo.sys', 'data')
  let count = 0
  for (const folder of await readdir(data)) count += (await readdir(join(data, folder))).length
  return count
}

/**
 * Runs fixtures/crash-writer.ts on `dir` and SIGKILLs it once its body is half-written;
 * `setDriveCount` cuts erasure drives into sets (default: one set).
 */
export function runCrashingWriter(
  dir: string,
  bucket: string,
  key: string,
  setDriveCount?: number,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const env = { ...process.env, SILO_CRASH_WRITER_SET_DRIVES: setDriveCount?.toString() ?? '' }
    const child = spawn(VITE_NODE, [CRASH_WRITER, dir, bucket, key], {
      stdio: ['ignore', 'pipe', 'inherit'],
      env,
    })
    child.stdout.on('data', (chunk: Buffer) => {
      // Give the second chunk time to reach the temp file before the kill.
      if (chunk.toString().includes('streaming')) setTimeout(() => child.kill('SIGKILL'), 100)
    })
    child.on('error', reject)
    child.on('exit', (_, signal) =>
      signal === 'SIGKILL' ? resolve() : reject(new Error(`crash writer exited without being killed`)),
    )
  })
}
