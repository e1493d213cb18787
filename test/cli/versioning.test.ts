import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CLI_BUILT, type CliEnv, jsonLines, startCliEnv } from './helpers/cli.js'

describe.skipIf(!CLI_BUILT)('version and mb --with-lock/--with-versioning against a live server', () => {
  let env: CliEnv

  beforeAll(async () => {
    env = await startCliEnv()
  })
  afterAll(async () => {
    await env?.stop()
  })

  it('version info/enable/suspend show and change the state, as mc prints it', async () => {
    expect((await env.run(['mb', 'local/plain'])).code).toBe(0)
    expect(await env.run(['version', 'info', 'local/plain'])).toMatchObject({
      code: 0,
      stdout: 'local/plain is un-versioned\n',
    })
    expect(await env.run(['version', 'enable', 'local/plain'])).toMatchObject({
      code: 0,
      stdout: 'local/plain versioning is enabled\n',
    })
    expect((await env.run(['version', 'info', 'local/plain'])).stdout).toBe(
      'local/plain versioning is enabled\n',
    )
    expect(jsonLines((await env.run(['--json', 'version', 'suspend', 'local/plain'])).stdout)).toEqual([
      { status: 'success', bucket: 'local/plain', versioning: 'Suspended' },
    ])
    expect(jsonLines((await env.run(['--json', 'version', 'info', 'local/plain'])).stdout)).toEqual([
      { status: 'success', bucket: 'local/plain', versioning: 'Suspended' },
    ])
  })

  it('version on a missing bucket fails with NoSuchBucket; an object path is a usage error', async () => {
    const missing = await env.run(['version', 'enable', 'local/nope'])
    expect(missing.code).toBe(1)
    expect(missing.stderr).toMatch(/^silo: cannot enable versioning of "local\/nope": .*\(NoSuchBucket\)\n$/)
    const json = await env.run(['--json', 'version', 'info', 'local/nope'])
    expect(json.code).toBe(1)
    expect(JSON.parse(json.stderr)).toMatchObject({ status: 'error', error: { code: 'NoSuchBucket' } })
    expect((await env.run(['version', 'info', 'local/plain/key'])).code).toBe(2)
  })

  it('mb --with-versioning makes a versioned bucket; --with-lock a locked (and versioned) one', async () => {
    expect(jsonLines((await env.run(['--json', 'mb', '--with-versioning', 'local/drafts'])).stdout)).toEqual([
      { status: 'success', bucket: 'local/drafts', region: '', versioning: 'Enabled' },
    ])
    expect((await env.run(['version', 'info', 'local/drafts'])).stdout).toBe(
      'local/drafts versioning is enabled\n',
    )

    expect(await env.run(['mb', '--with-lock', 'local/records'])).toMatchObject({
      code: 0,
      stdout: 'Bucket created successfully `local/records`.\n',
    })
    expect((await env.run(['version', 'info', 'local/records'])).stdout).toBe(
      'local/records versioning is enabled\n',
    )
    // A lock bucket cannot have versioning suspended (S3's InvalidBucketState).
    const suspend = await env.run(['version', 'suspend', 'local/records'])
    expect(suspend.code).toBe(1)
    expect(suspend.stderr).toMatch(/\(InvalidBucketState\)/)
  })
})
