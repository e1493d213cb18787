/**
 * Small tmpfs file systems for tests that need a disk that really fills up (ENOSPC), mounted on
 * folders the test creates and unmounted after it. Mounting needs root (or CAP_SYS_ADMIN).
 */
import { execFile } from 'node:child_process'
import { mkdtemp, open, rm, statfs } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'

const run = promisify(execFile)

/** A mounted tmpfs. */
export interface Tmpfs {
  path: string
  /** Unmounts (lazily if busy) and removes the mount point; safe to call twice. */
  unmount(): Promise<void>
}

/** Mounts a tmpfs of `size` (mount's syntax: `64m`) on a fresh folder under `parent` (default the OS temp dir). */
export async function mountTmpfs(size: string, parent = tmpdir()): Promise<Tmpfs> {
  const path = await mkdtemp(join(parent, 'silo-tmpfs-'))
  try {
    await run('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', path])
  } catch (error) {
    await rm(path, { recursive: true, force: true })
    throw error
  }
  let mounted = true
  return {
    path,
    async unmount() {
      if (!mounted) return
      mounted = false
      // A process that still holds a file there would make a plain umount fail (EBUSY).
      await run('umount', [path]).catch(() => run('umount', ['-l', path]))
      await rm(path, { recursive: true, force: true })
    },
  }
}

/**
 * Why tmpfs cannot be mounted here, or undefined when it can (tries a 1 MiB mount). Tests skip
 * with this reason, except under CI=true, where they must run.
 */
export async function probeTmpfs(): Promise<string | undefined> {
  if (process.platform !== 'linux') return `tmpfs mounts need Linux, this is ${process.platform}`
  try {
    const fs = await mountTmpfs('1m')
    await fs.unmount()
    return undefined
  } catch (error) {
    const message = (error as { stderr?: string }).stderr?.trim() || (error as Error).message
    return `cannot mount a tmpfs here: ${message.split('\n')[0]}`
  }
}

/** Bytes an unprivileged writer may still use on the file system holding `path`. */
export async function freeBytes(path: string): Promise<number> {
  const s = await statfs(path)
  return s.bavail * s.bsize
}

/**
 * Writes a filler file into `dir` so that about `leave` bytes stay free (what another program
 * filling the disk would do); returns its path. `leave` 0 fills the disk to ENOSPC.
 */
export async function fillDisk(dir: string, leave: number): Promise<string> {
  const path = join(dir, `filler-${process.pid}-${Date.now()}`)
  const handle = await open(path, 'w')
  try {
    const chunk = Buffer.alloc(1024 * 1024)
    for (let free = await freeBytes(dir); free > leave; free = await freeBytes(dir)) {
      const n = Math.min(chunk.length, free - leave)
      try {
        await handle.write(chunk, 0, n)
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOSPC') break
        throw error
      }
    }
  } finally {
    await handle.close()
  }
  return path
}
