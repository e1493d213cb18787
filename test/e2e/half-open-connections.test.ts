/**
 * Issue 12, defect 3, as it was found: `silo server` with a small open-file limit, 1,100
 * sockets that send half a request, then real requests. Before the fix the half-sent sockets held
 * every descriptor forever and none of 20 real requests was served. Runs the built CLI (see
 * test/cli/helpers/cli.ts) under `ulimit -n`, which needs bash (Linux and macOS).
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { request } from 'node:http'
import { connect, type Socket } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { CLI, CLI_BUILT, runCli } from '../cli/helpers/cli.js'
import { s3 } from '../server/helpers/signed-request.js'
import { ROOT } from '../server/helpers/test-server.js'

const OPEN_FILES = 512
const HALF_OPEN = 1100
const cleanups: Array<() => Promise<void>> = []
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup()
})

/** Starts `silo server` under `ulimit -n OPEN_FILES`; resolves with its URL. */
async function startLimitedServer(args: string[]): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'silo-half-open-'))
  const child: ChildProcess = spawn(
    'bash',
    ['-c', `ulimit -n ${OPEN_FILES} && exec "$@"`, 'bash', process.execPath, CLI, 'server', dir, ...args],
    {
      env: { ...process.env, SILO_ROOT_USER: ROOT.accessKey, SILO_ROOT_PASSWORD: ROOT.secretKey },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  cleanups.push(async () => {
    child.kill('SIGKILL')
    await exited
    await rm(dir, { recursive: true, force: true })
  })
  let out = ''
  child.stdout?.on('data', (chunk: Buffer) => {
    out += chunk.toString()
  })
  child.stderr?.on('data', (chunk: Buffer) => {
    out += chunk.toString()
  })
  return new Promise<string>((resolve, reject) => {
    child.stdout?.on('data', () => {
      const match = /Endpoint: +(http:\/\/\S+)/.exec(out)
      if (match && out.includes('Region:')) resolve(match[1]!)
    })
    child.once('exit', (code) => reject(new Error(`silo server exited (${code}):\n${out}`)))
  })
}

/** A GET that gives up after a second (a server out of descriptors never answers). */
function tryGet(url: string): Promise<number> {
  return new Promise((resolve) => {
    const req = request(url, { agent: false }, (res) => {
      res.resume()
      res.on('end', () => resolve(res.statusCode ?? 0))
    })
    req.setTimeout(1000, () => req.destroy())
    req.on('error', () => resolve(0))
    req.end()
  })
}

/** `tryGet` until it is answered, at most `attempts` times. */
async function getWhenServed(url: string, attempts = 30): Promise<number> {
  for (let i = 0; i < attempts; i++) {
    const status = await tryGet(url)
    if (status !== 0) return status
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return 0
}

describe.skipIf(!CLI_BUILT || process.platform === 'win32')(
  'silo server under a small open-file limit',
  () => {
    it(`serves real requests while ${HALF_OPEN} sockets send half a request`, async () => {
      const url = await startLimitedServer(['--address', '127.0.0.1:0', '--headers-timeout', '500'])
      expect((await s3(url, 'PUT', '/bucket')).status).toBe(200)
      const { port } = new URL(url)
      const sockets: Socket[] = []
      cleanups.push(async () => {
        for (const socket of sockets) socket.destroy()
      })
      await Promise.all(
        Array.from({ length: HALF_OPEN }, async () => {
          const socket = connect(Number(port), '127.0.0.1')
          sockets.push(socket)
          socket.on('error', () => {})
          await new Promise<void>((resolve) => {
            socket.once('connect', () => resolve())
            socket.once('close', () => resolve())
          })
          if (!socket.destroyed) socket.write('PUT /bucket/key HTTP/1.1\r\nHost: x\r\n')
        }),
      )
      // Anonymous GETs of a private bucket: 403 is an answer; 0 is none.
      const statuses = await Promise.all(Array.from({ length: 20 }, () => getWhenServed(`${url}/bucket/key`)))
      expect(statuses).toEqual(Array(20).fill(403))
    })
  },
)

describe.skipIf(!CLI_BUILT)('silo server limit flags', () => {
  it('refuses a value that is not a whole number of ms', async () => {
    const { code, stderr } = await runCli(['server', tmpdir(), '--headers-timeout', '30s'])
    expect(code).not.toBe(0)
    expect(stderr).toContain("--headers-timeout takes a whole number >= 0, not '30s'")
  })
})
