/**
 * `silo cp --enc-s3 PATHS` and `--enc-c PATH=KEY` (mc's flags, issue 15): uploads written with
 * SSE-S3 or SSE-C, downloads and server-side copies of SSE-C objects with the key, against an
 * HTTPS server (SSE-C needs TLS) with a master key; a malformed key is a usage error that does
 * not print the key.
 */
import { createHash, randomBytes } from 'node:crypto'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Client } from '../../../src/index.js'
import { ROOT_PASSWORD, ROOT_USER } from '../../e2e/helpers/server.js'
import { createSelfSigned, type SelfSigned } from '../../server/tls/self-signed.js'
import { CLI_BUILT, type CliEnv, startCliEnv } from '../helpers/cli.js'

const KEY = randomBytes(32)
const KEY_B64 = KEY.toString('base64')
const SSE_C = {
  SSECustomerAlgorithm: 'AES256',
  SSECustomerKey: KEY_B64,
  SSECustomerKeyMD5: createHash('md5').update(KEY).digest('base64'),
}

describe.skipIf(!CLI_BUILT)('cp --enc-s3 / --enc-c', () => {
  let certs: SelfSigned
  let env: CliEnv
  let work: string
  let sdk: Client
  const data = randomBytes(300_000)
  const run = (args: string[]) => env.run(['--insecure', '--json', ...args])

  beforeAll(async () => {
    certs = createSelfSigned()
    env = await startCliEnv({
      tls: { cert: certs.cert, key: certs.key },
      kmsSecretKey: `cli-test:${randomBytes(32).toString('base64')}`,
    })
    work = await mkdtemp(join(tmpdir(), 'silo-cli-enc-'))
    await writeFile(join(work, 'a.bin'), data)
    sdk = new Client({
      endPoint: '127.0.0.1',
      port: env.server.port,
      useSSL: true,
      accessKey: ROOT_USER,
      secretKey: ROOT_PASSWORD,
      region: 'us-east-1',
    })
    sdk.setRequestOptions({ rejectUnauthorized: false })
    await sdk.makeBucket('vault')
  })
  afterAll(async () => {
    await env?.stop()
    await rm(work, { recursive: true, force: true })
    certs?.remove()
  })

  it('uploads with SSE-S3 under an --enc-s3 prefix, and only there', async () => {
    const up = await run(['cp', '--enc-s3', 'local/vault/s3', join(work, 'a.bin'), 'local/vault/s3/a.bin'])
    expect(up.code, up.stderr).toBe(0)
    expect((await sdk.statObject('vault', 's3/a.bin')).metaData['x-amz-server-side-encryption']).toBe(
      'AES256',
    )
    expect(
      (await run(['cp', '--enc-s3', 'local/vault/s3', join(work, 'a.bin'), 'local/vault/plain.bin'])).code,
    ).toBe(0)
    expect(
      (await sdk.statObject('vault', 'plain.bin')).metaData['x-amz-server-side-encryption'],
    ).toBeUndefined()
  })

  it('uploads and downloads with SSE-C; without the key the download fails', async () => {
    const flag = `local/vault/c=${KEY_B64}`
    const up = await run(['cp', '--enc-c', flag, join(work, 'a.bin'), 'local/vault/c/a.bin'])
    expect(up.code, up.stderr).toBe(0)
    const stat = await sdk.statObject('vault', 'c/a.bin', SSE_C)
    expect(stat.metaData['x-amz-server-side-encryption-customer-algorithm']).toBe('AES256')
    const down = await run(['cp', '--enc-c', flag, 'local/vault/c/a.bin', join(work, 'back.bin')])
    expect(down.code, down.stderr).toBe(0)
    expect((await readFile(join(work, 'back.bin'))).equals(data)).toBe(true)
    const refused = await run(['cp', 'local/vault/c/a.bin', join(work, 'nokey.bin')])
    expect(refused.code).toBe(1)
    // The plan stats the object first: a HEAD without the key is a 400 without a body.
    expect(refused.stderr).toContain('(BadRequest)')
  })

  it('copies an SSE-C object server-side into SSE-S3 with both flags', async () => {
    const copy = await run([
      'cp',
      '--enc-c',
      `local/vault/c=${KEY_B64}`,
      '--enc-s3',
      'local/vault/copied',
      'local/vault/c/a.bin',
      'local/vault/copied/a.bin',
    ])
    expect(copy.code, copy.stderr).toBe(0)
    expect((await sdk.statObject('vault', 'copied/a.bin')).metaData['x-amz-server-side-encryption']).toBe(
      'AES256',
    )
    const chunks: Buffer[] = []
    for await (const chunk of await sdk.getObject('vault', 'copied/a.bin')) chunks.push(Buffer.from(chunk))
    expect(Buffer.concat(chunks).equals(data)).toBe(true)
  })

  it('a key that is not 32 bytes, or a value without its path, is a usage error that never prints the key', async () => {
    const short = randomBytes(16).toString('base64')
    const bad = await run([
      'cp',
      '--enc-c',
      `local/vault/c=${short}`,
      join(work, 'a.bin'),
      'local/vault/c/x.bin',
    ])
    expect(bad.code).toBe(2)
    expect(bad.stderr).toContain('32 bytes')
    expect(bad.stderr).not.toContain(short)
    const bare = await run(['cp', '--enc-c', KEY_B64, join(work, 'a.bin'), 'local/vault/c/x.bin'])
    expect(bare.code).toBe(2)
    expect(bare.stderr).not.toContain(KEY_B64)
  })
})
