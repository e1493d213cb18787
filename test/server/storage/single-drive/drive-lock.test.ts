import { spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { openSingleDrive } from '../../../../src/server/storage/single-drive.js'

const CRASH_WRITER = fileURLToPath(new URL('../fixtures/crash-writer.ts', import.meta.url))
const VITE_NODE = fileURLToPath(new URL('../../../../node_modules/.bin/vite-node', import.meta.url))

describe('single drive: one process at a time', () => {
  it('refuses a drive another live process has open, and takes it over once that process is gone', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'silo-lock-'))
    try {
      const first = await openSingleDrive(dir)
      await first.createBucket('locked', '')
      await first.close()
      // Another process opens the drive and stalls mid-write.
      const child = spawn(VITE_NODE, [CRASH_WRITER, dir, 'locked', 'k'], {
        stdio: ['ignore', 'pipe', 'inherit'],
      })
      await new Promise<void>((resolve, reject) => {
        child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('streaming') && resolve())
        child.on('error', reject)
      })
      await expect(openSingleDrive(dir)).rejects.toThrow(
        `is in use by another Silo process (pid ${child.pid})`,
      )
      const exited = new Promise((resolve) => child.on('exit', resolve))
      child.kill('SIGKILL')
      await exited
      const again = await openSingleDrive(dir)
      expect((await again.listBuckets()).map((b) => b.name)).toEqual(['locked'])
      await again.close()
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })

  it('closes once when asked twice at the same time, and the drive opens again', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'silo-close-'))
    try {
      const drive = await openSingleDrive(dir)
      await drive.createBucket('twice', '')
      await Promise.all([drive.close(), drive.close()])
      await drive.close()
      const again = await openSingleDrive(dir)
      expect((await again.listBuckets()).map((b) => b.name)).toEqual(['twice'])
      await again.close()
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })
})
