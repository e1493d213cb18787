/** `silo server DIR --certs-dir CERTS` serves HTTPS from CERTS/public.crt and CERTS/private.key. */
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { Client } from '../../../src/index.js'
import { createSelfSigned } from './self-signed.js'

// Runs the built CLI (`npm test` builds first); `vitest run` alone on a fresh checkout skips it.
const CLI = join(import.meta.dirname, '../../../packages/silo-server/dist/cli/main.js')

it.skipIf(!existsSync(CLI))('silo server --certs-dir serves HTTPS the SDK can use', async () => {
  const certs = createSelfSigned()
  const dir = await mkdtemp(join(tmpdir(), 'silo-cli-tls-'))
  const child = spawn(
    process.execPath,
    [CLI, 'server', dir, '--address', '127.0.0.1:0', '--certs-dir', certs.dir],
    {
      env: { ...process.env, SILO_ROOT_USER: 'tlsroot', SILO_ROOT_PASSWORD: 'tlsroot-secret' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  try {
    let out = ''
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (d: Buffer) => {
        out += d.toString()
        const m = /Endpoint: +(https:\/\/\S+)/.exec(out)
        if (m && out.includes('Region:')) resolve(m[1]!)
      })
      child.once('exit', (code) => reject(new Error(`exited early with ${code}`)))
    })
    const { hostname, port } = new URL(url)
    const client = new Client({
      endPoint: hostname,
      port: Number(port),
      useSSL: true,
      accessKey: 'tlsroot',
      secretKey: 'tlsroot-secret',
    })
    client.setRequestOptions({ ca: certs.cert })
    await client.makeBucket('cli-tls')
    expect(await client.bucketExists('cli-tls')).toBe(true)
  } finally {
    child.kill('SIGKILL')
    await rm(dir, { recursive: true, force: true })
    certs.remove()
  }
})

it.skipIf(!existsSync(CLI))('silo server --certs-dir names a missing certificate file', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'silo-cli-tls-'))
  const child = spawn(process.execPath, [CLI, 'server', dir, '--certs-dir', dir], {
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let err = ''
  child.stderr.on('data', (d: Buffer) => {
    err += d.toString()
  })
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve))
  await rm(dir, { recursive: true, force: true })
  expect(code).toBe(1)
  expect(err).toMatch(/public\.crt not found/)
})
