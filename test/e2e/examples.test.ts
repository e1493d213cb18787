import { execFile } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createServer } from '../../src/server/index.js'
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

describe("README's SDK quick start", () => {
  it('runs as pasted from another project that installed the package, against a live server', async () => {
    const code = readmeBlock('## SDK quick start')
    // The one change a reader makes: the port of their server (here a free one, not 9000).
    expect(code).toContain('port: 9000,')
    const { project, stop } = await startReaderProject()
    try {
      await writeFile(
        join(project.dir, 'quickstart.mjs'),
        code.replace('port: 9000,', `port: ${project.port},`),
      )
      const run = await runNode(['quickstart.mjs'], { env: process.env, cwd: project.dir })
      expect(run.stderr).toBe('')
      expect(run.code).toBe(0)
      const lines = run.stdout.split('\n')
      expect(run.stdout.startsWith('meow')).toBe(true)
      // The progress line, redrawn in place; its last state: every byte sent.
      expect(lines.some((line) => line.endsWith(`\rvideo.mp4: ${12 * 1024 * 1024} bytes sent`))).toBe(true)
      expect(lines).toContain('cat.txt 4')
      expect(lines).toContain(`video.mp4 ${12 * 1024 * 1024}`)
      expect(lines).toContain('200 true') // the presigned URL works without credentials
      expect(lines).toContain('null true') // the callback form
    } finally {
      await stop()
    }
  })
})

/** The first fenced code block after `heading` in README.md. */
function readmeBlock(heading: string): string {
  const readme = readFileSync(join(import.meta.dirname, '../../README.md'), 'utf8')
  const after = readme.slice(readme.indexOf(`\n${heading}\n`))
  const block = /\n```(?:js|ts|javascript)\n([\s\S]*?)\n```\n/.exec(after)
  if (!block) throw new Error(`no code block under ${heading}`)
  return block[1]!
}

/**
 * An empty project that installed Silo from its folder (`npm i /path/to/silo` links the folder
 * into node_modules, which is what this does without the network), and a server on a free port
 * with the README's credential.
 */
async function startReaderProject() {
  const dir = await mkdtemp(join(tmpdir(), 'silo-readme-'))
  await mkdir(join(dir, 'node_modules'))
  await symlink(join(import.meta.dirname, '../..'), join(dir, 'node_modules/silo'), 'dir')
  await writeFile(join(dir, 'package.json'), '{"private":true}\n')
  const server = createServer({
    dir: join(dir, 'data'),
    address: '127.0.0.1:0',
    rootUser: 'siloadmin',
    rootPassword: 'siloadmin',
    quiet: true,
  })
  const { port } = await server.start()
  return {
    project: { dir, port },
    async stop() {
      await server.stop()
      await rm(dir, { recursive: true, force: true })
    },
  }
}

function runNode(args: string[], options: { env: NodeJS.ProcessEnv; cwd?: string }) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(process.execPath, args, { ...options, timeout: 20_000 }, (err, stdout, stderr) => {
      resolve({ code: err ? Number(err.code ?? 1) : 0, stdout, stderr })
    })
  })
}
