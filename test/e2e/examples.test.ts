import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ROOT_PASSWORD, ROOT_USER, type RunningServer, startServer } from './helpers/server.js'

// The examples import the built package (dist/), as a user's program would; `npm test`
// builds first (scripts/setup.mjs), so a missing build is a failure, not a skip.
let server: RunningServer
beforeAll(async () => {
  server = await startServer()
})
afterAll(async () => {
  await server?.stop()
})

describe('examples/', () => {
  it('quickstart.mjs runs against a live server', async () => {
    expect(existsSync('dist/node/index.js')).toBe(true)
    // Asynchronous on purpose: the server runs in this process and must keep answering.
    const run = await runNode(['examples/quickstart.mjs'], {
      env: {
        ...process.env,
        SILO_ENDPOINT: `${server.host}:${server.port}`,
        SILO_ROOT_USER: ROOT_USER,
        SILO_ROOT_PASSWORD: ROOT_PASSWORD,
      },
    })
    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)
    expect(run.stdout).toMatch(/put quickstart-\d+\/hello.txt etag=[0-9a-f]{32}/)
    expect(run.stdout).toContain('stat size=12 type=text/plain')
    expect(run.stdout).toContain('get -> "hello, silo\\n"')
  })
})

describe('examples/tour.mjs', () => {
  it('runs the README tour: multipart with progress, events, listing, presign, admin', async () => {
    const run = await runNode(['examples/tour.mjs'], {
      env: {
        ...process.env,
        SILO_ENDPOINT: `${server.host}:${server.port}`,
        SILO_ROOT_USER: ROOT_USER,
        SILO_ROOT_PASSWORD: ROOT_PASSWORD,
      },
    })
    expect(run.stderr).toBe('')
    expect(run.code).toBe(0)
    expect(run.stdout).toMatch(/multipart etag=[0-9a-f]{32}-\d+ progress=12582912/)
    expect(run.stdout).toContain('heard s3:ObjectCreated:CompleteMultipartUpload logs/big.bin')
    expect(run.stdout).toContain('listed logs/big.bin:12582912 notes/a.txt:1')
    expect(run.stdout).toContain('presigned GET -> 200')
    expect(run.stdout).toContain('users include tour-reader')
    expect(run.stdout).toContain('server on backend=FS')
  })
})

function runNode(args: string[], options: { env: NodeJS.ProcessEnv }) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(process.execPath, args, { ...options, timeout: 20_000 }, (err, stdout, stderr) => {
      resolve({ code: err ? Number(err.code ?? 1) : 0, stdout, stderr })
    })
  })
}
