import { readFile, rm, writeFile } from 'node:fs/promises'
import { hostname } from 'node:os'
import { join } from 'node:path'

/**
 * One process per drive: the commit queue's overlay and the clean-up of `tmp/` at open assume
 * no other process writes the same drive. `<dir>/.silo.sys/lock` names the process holding it
 * (pid and host); a lock whose process no longer runs (a crash, SIGKILL) is taken over.
 */
export async function lockDrive(sys: string): Promise<() => Promise<void>> {
  const path = join(sys, 'lock')
  const holder = await readFile(path, 'utf8').catch(() => '')
  const [pid, host] = holder.trim().split(' ')
  const other = Number(pid)
  if (host === hostname() && Number.isInteger(other) && other !== process.pid && isRunning(other)) {
    throw new Error(`the drive ${join(sys, '..')} is in use by another Silo process (pid ${other})`)
  }
  await writeFile(path, `${process.pid} ${hostname()}\n`).catch((error: NodeJS.ErrnoException) => {
    // A drive too full for the lock file still opens, to serve reads and the deletes that free
    // it (issue 12): the check above ran, only this process's own record is missing.
    if (error.code !== 'ENOSPC' && error.code !== 'EDQUOT') throw error
  })
  return async () => {
    await rm(path, { force: true })
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}
