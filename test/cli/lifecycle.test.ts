import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CLI_BUILT, type CliEnv, jsonLines, startCliEnv } from './helpers/cli.js'

describe.skipIf(!CLI_BUILT)('ilm rule add|ls|rm against a live server', () => {
  let env: CliEnv

  beforeAll(async () => {
    env = await startCliEnv()
    expect((await env.run(['mb', '--with-versioning', 'local/app'])).code).toBe(0)
  })
  afterAll(async () => {
    await env?.stop()
  })

  it('adds rules, lists them as a table and as JSON, removes one by ID and then all', async () => {
    expect(
      await env.run([
        'ilm',
        'rule',
        'add',
        '--id',
        'logs-30d',
        '--prefix',
        'logs/',
        '--expire-days',
        '30',
        'local/app',
      ]),
    ).toMatchObject({
      code: 0,
      stdout: 'Lifecycle configuration rule added with ID `logs-30d` to local/app.\n',
    })
    const tagged = await env.run([
      '--json',
      'ilm',
      'rule',
      'add',
      '--tags',
      'tier=tmp&team=web',
      '--prefix',
      'tmp/',
      '--noncurrent-expire-days',
      '7',
      'local/app',
    ])
    const [added] = jsonLines(tagged.stdout)
    const generated = String(added?.id)
    expect(generated).toMatch(/^[0-9a-f]{20}$/)
    expect(
      (await env.run(['ilm', 'rule', 'add', '--id', 'markers', '--expire-delete-marker', 'local/app'])).code,
    ).toBe(0)

    expect(jsonLines((await env.run(['--json', 'ilm', 'rule', 'ls', 'local/app'])).stdout)).toEqual([
      {
        status: 'success',
        url: 'local/app',
        id: 'logs-30d',
        ruleStatus: 'Enabled',
        prefix: 'logs/',
        tags: '',
        expireDays: 30,
        expireDate: '',
        expireDeleteMarker: false,
        noncurrentExpireDays: 0,
      },
      {
        status: 'success',
        url: 'local/app',
        id: generated,
        ruleStatus: 'Enabled',
        prefix: 'tmp/',
        tags: 'tier=tmp&team=web',
        expireDays: 0,
        expireDate: '',
        expireDeleteMarker: false,
        noncurrentExpireDays: 7,
      },
      {
        status: 'success',
        url: 'local/app',
        id: 'markers',
        ruleStatus: 'Enabled',
        prefix: '',
        tags: '',
        expireDays: 0,
        expireDate: '',
        expireDeleteMarker: true,
        noncurrentExpireDays: 0,
      },
    ])
    const table = (await env.run(['ilm', 'rule', 'ls', 'local/app'])).stdout.trim().split('\n')
    expect(table).toHaveLength(4)
    expect(table[0]).toMatch(
      /^│ ID\s+│ STATUS\s+│ PREFIX\s+│ TAGS\s+│ EXPIRE DAYS │ NONCURRENT DAYS │ DEL MARKER │$/,
    )
    expect(table[1]).toMatch(/^│ logs-30d\s+│ Enabled │ logs\/\s+│ -\s+│ 30\s+│ -\s+│ -\s+│$/)

    expect(await env.run(['ilm', 'rule', 'rm', '--id', 'logs-30d', 'local/app'])).toMatchObject({
      code: 0,
      stdout: 'Rule ID `logs-30d` removed from local/app.\n',
    })
    expect(
      jsonLines((await env.run(['--json', 'ilm', 'rule', 'ls', 'local/app'])).stdout).map((r) => r.id),
    ).toEqual([generated, 'markers'])
    expect((await env.run(['ilm', 'rule', 'rm', '--all', '--force', 'local/app'])).code).toBe(0)
    expect((await env.run(['ilm', 'rule', 'ls', 'local/app'])).stdout).toBe(
      'local/app has no lifecycle rules\n',
    )
  })

  it('refuses a missing bucket with its S3 code, an unknown rule ID, a duplicate ID and bad flags', async () => {
    const missing = await env.run(['--json', 'ilm', 'rule', 'ls', 'local/nobucket'])
    expect(missing.code).toBe(1)
    expect(JSON.parse(missing.stderr)).toMatchObject({ status: 'error', error: { code: 'NoSuchBucket' } })
    expect(
      (await env.run(['ilm', 'rule', 'add', '--id', 'one', '--expire-days', '1', 'local/app'])).code,
    ).toBe(0)
    const again = await env.run(['ilm', 'rule', 'add', '--id', 'one', '--expire-days', '2', 'local/app'])
    expect(again.code).toBe(1)
    expect(again.stderr).toMatch(/a rule with that ID exists/)
    const unknown = await env.run(['ilm', 'rule', 'rm', '--id', 'nope', 'local/app'])
    expect(unknown.code).toBe(1)
    expect(unknown.stderr).toMatch(/no rule has that ID/)
    expect((await env.run(['ilm', 'rule', 'add', 'local/app'])).code).toBe(2)
    expect((await env.run(['ilm', 'rule', 'add', '--expire-days', 'x', 'local/app'])).code).toBe(2)
    expect((await env.run(['ilm', 'rule', 'rm', '--all', 'local/app'])).code).toBe(2)
  })
})
