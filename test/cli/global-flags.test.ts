import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ROOT_PASSWORD, ROOT_USER, startServer } from '../e2e/helpers/server.js'
import { createSelfSigned, type SelfSigned } from '../server/tls/self-signed.js'
import { CLI_BUILT, type CliEnv, jsonLines, runCli, startCliEnv } from './helpers/cli.js'

describe.skipIf(!CLI_BUILT)('global flags and error reporting', () => {
  let env: CliEnv

  beforeAll(async () => {
    env = await startCliEnv()
  })
  afterAll(async () => {
    await env?.stop()
  })

  it('an unknown alias is one line naming the command that adds it, exit 1', async () => {
    const result = await env.run(['ls', 'prod/photos'])
    expect(result).toMatchObject({
      code: 1,
      stdout: '',
      stderr:
        'silo: unknown alias "prod"; add it with: silo config host add prod <ENDPOINT> <ACCESS_KEY> <SECRET_KEY>\n',
    })
  })

  it.each([
    [['mb'], "silo: mb: missing required argument 'TARGET' (see: silo mb --help)\n"],
    [['ls', '--frob', 'local'], "silo: ls: unknown option '--frob' (see: silo ls --help)\n"],
    [['frobnicate'], "silo: unknown command 'frobnicate' (see: silo --help)\n"],
    [['stat', 'local'], 'silo: stat: "local" names no bucket; write ALIAS/BUCKET, e.g. local/photos\n'],
    [
      ['admin', 'user', 'list', 'local/photos'],
      'silo: admin user list: "local/photos" must be an alias such as local or local/, without a bucket\n',
    ],
    [
      ['admin', 'service', 'restart', 'local', '--drain', 'soon'],
      'silo: --drain: "soon" must be whole seconds from 0 to 600\n',
    ],
  ])('usage error %j is one line with exit status 2', async (args, stderr) => {
    const result = await env.run(args)
    expect(result).toMatchObject({ code: 2, stdout: '', stderr })
  })

  it('global flags work after the command words too', async () => {
    const result = await runCli(['config', 'host', 'list', '--json', '--config-dir', env.configDir])
    expect(jsonLines(result.stdout)).toEqual([
      { status: 'success', alias: 'local', url: env.server.url.replace(/\/$/, ''), accessKey: ROOT_USER },
    ])
  })

  it('--help and -h work on every command and exit 0', async () => {
    for (const args of [
      ['--help'],
      ['cp', '-h'],
      ['admin', 'user', 'add', '--help'],
      ['event', 'add', '-h'],
    ]) {
      const result = await runCli(args)
      expect(result.code).toBe(0)
      expect(result.stdout).toMatch(/^Usage: silo /)
    }
    const top = (await runCli(['--help'])).stdout
    for (const name of [
      'config',
      'ls',
      'mb',
      'rb',
      'cp',
      'mirror',
      'cat',
      'rm',
      'stat',
      'share',
      'watch',
      'event',
      'admin',
      'server',
    ]) {
      expect(top).toMatch(new RegExp(`\\n  ${name}\\b`))
    }
  })

  it('--debug traces requests and responses on stderr with the signature redacted', async () => {
    const result = await env.run(['--debug', 'mb', 'local/debugged'])
    expect(result.stdout).toBe('Bucket created successfully `local/debugged`.\n')
    expect(result.stderr).toContain('> PUT /debugged HTTP/1.1')
    expect(result.stderr).toMatch(
      /> authorization: AWS4-HMAC-SHA256 Credential=e2e-root-user\/.*Signature=\*\*REDACTED\*\*/,
    )
    expect(result.stderr).toMatch(/< HTTP\/1\.1 200 OK/)
    expect(result.stderr).not.toMatch(/Signature=[0-9a-f]{64}/)
    expect(result.stderr).not.toContain(ROOT_PASSWORD)
  })

  it('--quiet silences text results but not errors; --json errors are JSON on stderr', async () => {
    expect(await env.run(['--quiet', 'mb', 'local/quiet'])).toMatchObject({ code: 0, stdout: '', stderr: '' })
    const failed = await env.run(['--json', 'mb', 'local/quiet'])
    expect(failed.code).toBe(1)
    expect(jsonLines(failed.stderr)).toEqual([
      {
        status: 'error',
        error: {
          message: expect.stringContaining('cannot make bucket "local/quiet"'),
          code: 'BucketAlreadyOwnedByYou',
        },
      },
    ])
  })

  it('output piped to a file has no colour codes and no progress bar', async () => {
    const result = await env.run(['ls', 'local'], { env: { FORCE_COLOR: '1' } })
    expect(result.stdout).not.toContain('\x1b[')
  })
})

describe.skipIf(!CLI_BUILT)('--insecure against an HTTPS server with a self-signed certificate', () => {
  let certs: SelfSigned
  let stop: () => Promise<void>
  let configDir: string
  let url: string

  beforeAll(async () => {
    certs = createSelfSigned()
    configDir = await mkdtemp(join(tmpdir(), 'silo-cli-tls-conf-'))
    const server = await startServer({ tls: { cert: certs.cert, key: certs.key } })
    url = server.url
    stop = () => server.stop()
    await runCli(['--config-dir', configDir, 'config', 'host', 'add', 'tls', url, ROOT_USER, ROOT_PASSWORD])
  })
  afterAll(async () => {
    await stop?.()
    certs?.remove()
    await rm(configDir, { recursive: true, force: true })
  })

  it('refuses the certificate by default and says how to accept it', async () => {
    const result = await runCli(['--config-dir', configDir, 'mb', 'tls/secure'])
    expect(result.code).toBe(1)
    expect(result.stderr).toMatch(/self[- ]signed.*; for a self-signed certificate, add --insecure\n$/i)
  })

  it('accepts it with --insecure, for the S3 client and the admin client', async () => {
    expect((await runCli(['--config-dir', configDir, '--insecure', 'mb', 'tls/secure'])).code).toBe(0)
    const status = await runCli([
      '--config-dir',
      configDir,
      '--insecure',
      'admin',
      'service',
      'status',
      'tls',
    ])
    expect(status.stdout).toMatch(/^Uptime: /)
  })
})
