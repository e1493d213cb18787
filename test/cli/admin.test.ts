import { readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CLI_BUILT, type CliEnv, jsonLines, startCliEnv } from './helpers/cli.js'

const POLICY = {
  Version: '2012-10-17',
  Statement: [{ Effect: 'Allow', Action: ['s3:GetObject'], Resource: ['arn:aws:s3:::reports/*'] }],
}

describe.skipIf(!CLI_BUILT)('silo admin', () => {
  let env: CliEnv
  const policyFile = join(tmpdir(), `silo-cli-policy-${process.pid}.json`)

  beforeAll(async () => {
    env = await startCliEnv()
    await writeFile(policyFile, JSON.stringify(POLICY))
  })
  afterAll(async () => {
    await env?.stop()
    await rm(policyFile, { force: true })
  })

  it('service status prints the uptime sentence', async () => {
    const result = await env.run(['admin', 'service', 'status', 'local'])
    expect(result.code).toBe(0)
    expect(result.stdout).toMatch(/^Uptime: \d+ days \d+ hours \d+ minutes \d+ seconds\.\n$/)
  })

  it('info prints the seed text block and, with --json, the server information record', async () => {
    const text = await env.run(['admin', 'info', 'local'])
    const address = `${env.server.host}:${env.server.port}`
    expect(text.stdout.split('\n')).toEqual([
      `●  ${address}`,
      expect.stringMatching(/^ {3}Uptime : online since \d+ (second|minute)s? ago$/),
      expect.stringMatching(/^ {2}Version : \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
      expect.stringMatching(/^ {3}Region : /),
      ' SQS ARNs : <none>',
      expect.stringMatching(/^ {4}Stats : Incoming \d+(\.\d)? (B|KiB|MiB), Outgoing \d+(\.\d)? (B|KiB|MiB)$/),
      expect.stringMatching(/^ {2}Storage : Used \d+(\.\d)? (B|KiB|MiB|GiB)$/),
      '',
    ])
    const [record] = jsonLines((await env.run(['--json', 'admin', 'info', 'local'])).stdout)
    expect(record).toMatchObject({
      status: 'success',
      service: 'on',
      address,
      error: '',
      storage: { backend: { backendType: 'FS' } },
      server: { sqsARN: [] },
    })
    expect(typeof (record!.network as { received: unknown }).received).toBe('number')
  })

  it('policy add, list (text and JSON), remove', async () => {
    const added = await env.run(['admin', 'policy', 'add', 'local/', 'reports-read', policyFile])
    expect(added).toMatchObject({ code: 0, stdout: 'Added policy `reports-read` successfully.\n' })
    expect((await env.run(['admin', 'policy', 'list', 'local/'])).stdout.split('\n')).toContain(
      'reports-read',
    )
    const json = jsonLines((await env.run(['--json', 'admin', 'policy', 'list', 'local/'])).stdout)
    expect(json).toContainEqual({ status: 'success', policy: 'reports-read' })
    expect(json).toContainEqual({ status: 'success', policy: 'readonly' })
    const removed = await env.run(['admin', 'policy', 'remove', 'local/', 'reports-read'])
    expect(removed.stdout).toBe('Removed policy `reports-read` successfully.\n')
  })

  it('policy add refuses a file that is not JSON, before calling the server', async () => {
    await writeFile(`${policyFile}.bad`, '{ not json')
    const result = await env.run(['admin', 'policy', 'add', 'local/', 'x', `${policyFile}.bad`])
    expect(result.code).toBe(1)
    expect(result.stderr).toMatch(/^silo: policy file ".*\.bad" is not valid JSON: /)
    await rm(`${policyFile}.bad`)
  })

  it('user add, disable, enable, policy, list and remove', async () => {
    expect(
      (await env.run(['admin', 'user', 'add', 'local/', 'bob', 'bob-secret-key', 'readonly'])).stdout,
    ).toBe('Added user `bob` successfully.\n')
    expect((await env.run(['admin', 'user', 'disable', 'local/', 'bob'])).stdout).toBe(
      'Disabled user `bob` successfully.\n',
    )
    let users = jsonLines((await env.run(['--json', 'admin', 'user', 'list', 'local/'])).stdout)
    expect(users).toEqual([
      { status: 'success', accessKey: 'bob', userStatus: 'disabled', policyName: 'readonly' },
    ])
    expect((await env.run(['admin', 'user', 'enable', 'local/', 'bob'])).stdout).toBe(
      'Enabled user `bob` successfully.\n',
    )
    expect((await env.run(['admin', 'user', 'policy', 'local/', 'bob', 'readwrite'])).stdout).toBe(
      'Set policy `readwrite` for user `bob` successfully.\n',
    )
    expect((await env.run(['admin', 'user', 'list', 'local/'])).stdout).toBe('enabled   bob  readwrite\n')
    users = jsonLines((await env.run(['--json', 'admin', 'user', 'list', 'local/'])).stdout)
    expect(users).toEqual([
      { status: 'success', accessKey: 'bob', userStatus: 'enabled', policyName: 'readwrite' },
    ])
    expect((await env.run(['admin', 'user', 'remove', 'local/', 'bob'])).stdout).toBe(
      'Removed user `bob` successfully.\n',
    )
  })

  it("prints the server's reason on one line when an admin call fails", async () => {
    const result = await env.run(['admin', 'user', 'disable', 'local/', 'nobody'])
    expect(result.code).toBe(1)
    expect(result.stderr).toMatch(
      /^silo: cannot disable user "nobody" on "local": .+ \(XSiloAdminNoSuchUser\)\n$/,
    )
    const json = await env.run(['--json', 'admin', 'user', 'disable', 'local/', 'nobody'])
    expect(jsonLines(json.stderr)[0]).toMatchObject({
      status: 'error',
      error: { code: 'XSiloAdminNoSuchUser' },
    })
  })

  it('heal prints the single-drive refusal clearly', async () => {
    const result = await env.run(['admin', 'heal', '--recursive', '--dry-run', 'local/photos'])
    expect(result.code).toBe(1)
    expect(result.stderr).toMatch(
      /^silo: cannot heal "local\/photos": .*erasure-coded.* \(XSiloHealNotImplemented\)\n$/,
    )
  })

  it('config get writes the JSON document; config set reads one from stdin', async () => {
    const got = await env.run(['admin', 'config', 'get', 'local'])
    const config = JSON.parse(got.stdout) as { region: string; notify: object }
    expect(config).toHaveProperty('notify')
    const set = await env.run(['admin', 'config', 'set', 'local'], {
      input: JSON.stringify({ ...config, region: 'eu-west-1' }),
    })
    expect(set.code).toBe(0)
    expect(set.stdout).toContain('Restart the server to apply it: silo admin service restart local')
    expect(JSON.parse((await env.run(['admin', 'config', 'get', 'local'])).stdout).region).toBe('eu-west-1')
    const bad = await env.run(['admin', 'config', 'set', 'local'], { input: '{ nope' })
    expect(bad.code).toBe(1)
    expect(bad.stderr).toMatch(/^silo: admin config set: standard input is not valid JSON: /)
  })

  it('service restart says it is disruptive, then reports success; the new region is in effect', async () => {
    const result = await env.run(['admin', 'service', 'restart', 'local'])
    expect(result.stderr).toBe(
      'Restarting `local`: this is disruptive; requests still running after 5 seconds are cancelled.\n',
    )
    expect(result).toMatchObject({ code: 0, stdout: 'Restarted `local` successfully.\n' })
    expect((await env.run(['admin', 'info', 'local'])).stdout).toContain('   Region : eu-west-1\n')
  })

  it('credential replaces the root keys and updates the alias', async () => {
    const result = await env.run(['admin', 'credential', 'local/', 'new-root', 'new-root-secret-key'])
    expect(result.stdout).toBe(
      'Changed the admin credential of `local` successfully; the alias now uses the new keys.\n',
    )
    const aliases = JSON.parse(await readFile(join(env.configDir, 'aliases.json'), 'utf8'))
    expect(aliases.aliases.local).toMatchObject({ accessKey: 'new-root', secretKey: 'new-root-secret-key' })
    expect((await env.run(['admin', 'service', 'status', 'local'])).code).toBe(0)
  })

  it('service stop stops the server', async () => {
    const result = await env.run(['admin', 'service', 'stop', 'local'])
    expect(result).toMatchObject({ code: 0, stdout: 'Stopped `local` successfully.\n' })
    await new Promise((resolve) => setTimeout(resolve, 500))
    const after = await env.run(['admin', 'service', 'status', 'local'])
    expect(after.code).toBe(1)
    expect(after.stderr).toContain('is the server running?')
  })
})
