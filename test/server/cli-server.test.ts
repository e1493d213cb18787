import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { s3 } from './helpers/signed-request.js'

// Runs the built CLI (`npm test` builds first); `vitest run` alone on a fresh checkout skips it.
const CLI = join(import.meta.dirname, '../../packages/silo-server/dist/cli/main.js')

describe('silo server DIR --address HOST:PORT', () => {
  it.skipIf(!existsSync(CLI))('prints the banner, serves S3, and exits 0 on SIGINT', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'silo-cli-server-'))
    const child = spawn(process.execPath, [CLI, 'server', dir, '--address', '127.0.0.1:0'], {
      env: { ...process.env, SILO_ROOT_USER: 'cliroot', SILO_ROOT_PASSWORD: 'cliroot-secret' },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    try {
      let out = ''
      child.stdout.on('data', (d: Buffer) => {
        out += d.toString()
      })
      const url = await new Promise<string>((resolve, reject) => {
        child.stdout.on('data', () => {
          const m = /Endpoint: +(http:\/\/\S+)/.exec(out)
          if (m && out.includes('Region:')) resolve(m[1]!)
        })
        child.once('exit', (code) => reject(new Error(`exited early with ${code}`)))
      })
      expect(out).toContain('AccessKey: cliroot')
      expect(out).not.toContain('WARNING')
      const res = await s3(url, 'PUT', '/cli-bucket', { accessKey: 'cliroot', secretKey: 'cliroot-secret' })
      expect(res.status).toBe(200)
      const exited = new Promise<number | null>((resolve) => child.once('exit', resolve))
      child.kill('SIGINT')
      expect(await exited).toBe(0)
    } finally {
      child.kill('SIGKILL')
      await rm(dir, { recursive: true, force: true })
    }
  })
})
