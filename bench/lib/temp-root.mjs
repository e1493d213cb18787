// The run's temporary folders, removed on exit; folders left by a bench that was killed
// (SIGKILL skips exit handlers) are removed by the next run.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import os from 'node:os'
import { join } from 'node:path'
import { onExit } from './children.mjs'

/** Creates `<dir>/<prefix><pid>-XXXXXX` (and `dir`), removed when this process exits. */
export function createTempFolder(dir, prefix) {
  mkdirSync(dir, { recursive: true })
  removeOrphans(dir, prefix)
  const folder = mkdtempSync(join(dir, `${prefix}${process.pid}-`))
  onExit(() => rmSync(folder, { recursive: true, force: true, maxRetries: 3 }))
  return folder
}

/** The run's data folder under the OS temp directory. */
export const createTempRoot = () => createTempFolder(os.tmpdir(), 'silo-bench-run-')

function removeOrphans(dir, prefix) {
  if (!existsSync(dir)) return
  for (const name of readdirSync(dir)) {
    if (!name.startsWith(prefix)) continue
    const pid = Number(/^(\d+)-/.exec(name.slice(prefix.length))?.[1])
    if (pid && !isAlive(pid)) rmSync(join(dir, name), { recursive: true, force: true })
  }
}

function isAlive(pid) {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return error.code === 'EPERM'
  }
}
