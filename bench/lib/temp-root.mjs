// The run's temporary folder, removed on exit; folders left by a bench that was killed
// (SIGKILL skips exit handlers) are removed by the next run.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import os from 'node:os'
import { join } from 'node:path'
import { onExit } from './children.mjs'

const PREFIX = 'silo-bench-'

/** Creates `<tmp>/silo-bench-<pid>-XXXXXX`, removed when this process exits. */
export function createTempRoot() {
  removeOrphans()
  const root = mkdtempSync(join(os.tmpdir(), `${PREFIX}${process.pid}-`))
  onExit(() => rmSync(root, { recursive: true, force: true, maxRetries: 3 }))
  return root
}

function removeOrphans() {
  for (const name of readdirSync(os.tmpdir())) {
    const pid = Number(/^silo-bench-(\d+)-/.exec(name)?.[1])
    if (pid && !isAlive(pid)) rmSync(join(os.tmpdir(), name), { recursive: true, force: true })
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
