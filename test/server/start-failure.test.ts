/**
 * A start() that cannot listen (the port is taken) must leave nothing behind: storage closed and
 * the drive lock released (so another process may take the drive), and the same server (or a new
 * one over the same drive) able to start afterwards in this process.
 */
import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer as createNetServer, type Server } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createServer } from '../../src/server/index.js'
import { s3 } from './helpers/signed-request.js'

const START_AND_STOP = fileURLToPath(new URL('./fixtures/start-and-stop.ts', import.meta.url))
const VITE_NODE = fileURLToPath(new URL('../../node_modules/.bin/vite-node', import.meta.url))
const ROOT = { accessKey: 'testroot', secretKey: 'testroot-secret' }

let dir: string
let blocker: Server

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'silo-start-failure-'))
  blocker = createNetServer()
  await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve))
})

afterEach(async () => {
  if (blocker.listening) await new Promise((resolve) => blocker.close(resolve))
  await rm(dir, { recursive: true, force: true })
})

const takenPort = () => (blocker.address() as { port: number }).port

function startInAnotherProcess(drive: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(VITE_NODE, [START_AND_STOP, drive], { timeout: 20_000 }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    )
  })
}

describe('a start() that fails to listen', () => {
  it('rejects with EADDRINUSE naming the port, releases the drive, and a retry starts', async () => {
    const port = takenPort()
    const server = createServer({ dir, address: `127.0.0.1:${port}`, quiet: true, ...rootOptions() })
    const failure = await server.start().then(
      () => undefined,
      (error: NodeJS.ErrnoException) => error,
    )
    expect(failure?.code).toBe('EADDRINUSE')
    expect(failure?.message).toContain(String(port))
    // The drive lock is gone with the storage that held it...
    expect(existsSync(join(dir, '.silo.sys', 'lock'))).toBe(false)
    // ...so another process can take the drive (and gives it back).
    const other = await startInAnotherProcess(dir)
    expect(other.stderr).toBe('')
    expect(other.stdout).toMatch(/^started \d+\n$/)
    expect(other.code).toBe(0)

    // A new server over the same drive starts in this process, on a free port, and serves.
    const second = createServer({ dir, address: '127.0.0.1:0', quiet: true, ...rootOptions() })
    try {
      const { url } = await second.start()
      expect((await s3(url, 'PUT', '/kept', ROOT)).status).toBe(200)
    } finally {
      await second.stop()
    }

    // And the server whose start failed starts once its port is free, over what was written.
    await new Promise((resolve) => blocker.close(resolve))
    try {
      const { url } = await server.start()
      expect((await s3(url, 'HEAD', '/kept', ROOT)).status).toBe(200)
    } finally {
      await server.stop()
    }
  }, 30_000)
})

function rootOptions() {
  return { rootUser: ROOT.accessKey, rootPassword: ROOT.secretKey }
}
