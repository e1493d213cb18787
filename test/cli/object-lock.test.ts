import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseValidity, retainUntil } from '../../src/cli/commands/retention.js'
import { CLI_BUILT, type CliEnv, jsonLines, startCliEnv } from './helpers/cli.js'

describe('retention validity', () => {
  it("parses mc's Nd and Ny forms and counts from a date", () => {
    expect(parseValidity('30d')).toEqual({ unit: 'Days', validity: 30 })
    expect(parseValidity('2Y')).toEqual({ unit: 'Years', validity: 2 })
    for (const bad of ['0d', '30', 'd', '1.5d', '3w', '-1d'])
      expect(() => parseValidity(bad)).toThrow(/validity/)
    const from = new Date('2026-02-28T10:00:00Z')
    expect(retainUntil({ unit: 'Days', validity: 1 }, from).toISOString()).toBe('2026-03-01T10:00:00.000Z')
    expect(retainUntil({ unit: 'Years', validity: 1 }, from).toISOString()).toBe('2027-02-28T10:00:00.000Z')
  })
})

describe.skipIf(!CLI_BUILT)('retention and legalhold against a live server', () => {
  let env: CliEnv
  let work: string

  beforeAll(async () => {
    env = await startCliEnv()
    work = await mkdtemp(join(tmpdir(), 'silo-cli-lock-'))
    expect((await env.run(['mb', '--with-lock', 'local/records'])).code).toBe(0)
    const file = join(work, 'a.txt')
    await writeFile(file, 'keep me')
    for (const key of ['gov.txt', 'comp.txt', 'held.txt']) {
      expect((await env.run(['cp', file, `local/records/${key}`])).code).toBe(0)
    }
  })
  afterAll(async () => {
    await env?.stop()
    await rm(work, { recursive: true, force: true })
  })

  async function onlyVersion(key: string) {
    const [entry] = jsonLines((await env.run(['--json', 'ls', '--versions', `local/records/${key}`])).stdout)
    return String(entry?.versionId)
  }

  it('retention set/info on an object; a GOVERNANCE version is kept until cleared with --bypass', async () => {
    const set = await env.run(['retention', 'set', 'governance', '1d', 'local/records/gov.txt'])
    expect(set.code).toBe(0)
    expect(set.stdout).toMatch(
      /^Object retention set for `local\/records\/gov.txt`: GOVERNANCE until \d{4}-.*Z\.\n$/,
    )
    const [info] = jsonLines((await env.run(['--json', 'retention', 'info', 'local/records/gov.txt'])).stdout)
    expect(info).toMatchObject({ status: 'success', url: 'local/records/gov.txt', mode: 'GOVERNANCE' })
    const until = Date.parse(String(info?.retainUntilDate))
    expect(until).toBeGreaterThan(Date.now() + 23 * 3600_000)

    const id = await onlyVersion('gov.txt')
    const refused = await env.run(['--json', 'rm', '--version-id', id, 'local/records/gov.txt'])
    expect(refused.code).toBe(1)
    expect(JSON.parse(refused.stderr)).toMatchObject({ status: 'error', error: { code: 'AccessDenied' } })
    expect((await env.run(['retention', 'clear', '--bypass', 'local/records/gov.txt'])).code).toBe(0)
    expect((await env.run(['retention', 'info', 'local/records/gov.txt'])).stdout).toBe(
      'local/records/gov.txt: no retention\n',
    )
    expect((await env.run(['rm', '--version-id', id, 'local/records/gov.txt'])).code).toBe(0)
  })

  it('a COMPLIANCE retention cannot be cleared, even with --bypass', async () => {
    expect((await env.run(['retention', 'set', 'compliance', '1d', 'local/records/comp.txt'])).code).toBe(0)
    const clear = await env.run(['retention', 'clear', '--bypass', 'local/records/comp.txt'])
    expect(clear.code).toBe(1)
    expect(clear.stderr).toMatch(
      /^silo: cannot clear the retention of "local\/records\/comp.txt": .*\(AccessDenied\)\n$/,
    )
  })

  it('retention --default sets, shows and clears the bucket default', async () => {
    const set = await env.run([
      '--json',
      'retention',
      'set',
      '--default',
      'governance',
      '30d',
      'local/records',
    ])
    expect(jsonLines(set.stdout)).toEqual([
      { status: 'success', url: 'local/records', mode: 'GOVERNANCE', validity: 30, unit: 'Days' },
    ])
    expect((await env.run(['retention', 'info', '--default', 'local/records'])).stdout).toBe(
      'local/records: object lock enabled; default retention GOVERNANCE 30 Days\n',
    )
    expect((await env.run(['retention', 'clear', '--default', 'local/records'])).code).toBe(0)
    expect((await env.run(['retention', 'info', '--default', 'local/records'])).stdout).toBe(
      'local/records: object lock enabled; no default retention\n',
    )
  })

  it('retention refuses bad input: a bucket without --default, a bad mode or validity; a plain bucket', async () => {
    expect((await env.run(['retention', 'set', 'governance', '1d', 'local/records'])).code).toBe(2)
    expect((await env.run(['retention', 'set', 'forever', '1d', 'local/records/a'])).code).toBe(2)
    expect((await env.run(['retention', 'set', 'governance', '1w', 'local/records/a'])).code).toBe(2)
    expect((await env.run(['mb', 'local/plain'])).code).toBe(0)
    const plain = await env.run(['--json', 'retention', 'info', '--default', 'local/plain'])
    expect(plain.code).toBe(1)
    expect(JSON.parse(plain.stderr)).toMatchObject({
      status: 'error',
      error: { code: 'ObjectLockConfigurationNotFoundError' },
    })
  })

  it('legalhold set/info/clear; a held version cannot be removed', async () => {
    expect(await env.run(['legalhold', 'set', 'local/records/held.txt'])).toMatchObject({
      code: 0,
      stdout: 'Object legal hold set for `local/records/held.txt`.\n',
    })
    expect((await env.run(['legalhold', 'info', 'local/records/held.txt'])).stdout).toBe(
      'local/records/held.txt: legal hold ON\n',
    )
    const id = await onlyVersion('held.txt')
    const refused = await env.run(['rm', '--version-id', id, 'local/records/held.txt'])
    expect(refused.code).toBe(1)
    expect(refused.stderr).toMatch(/\(AccessDenied\)\n$/)
    const cleared = await env.run([
      '--json',
      'legalhold',
      'clear',
      '--version-id',
      id,
      'local/records/held.txt',
    ])
    expect(jsonLines(cleared.stdout)).toEqual([
      { status: 'success', url: 'local/records/held.txt', legalhold: 'OFF', versionId: id },
    ])
    expect((await env.run(['rm', '--version-id', id, 'local/records/held.txt'])).code).toBe(0)
    const missing = await env.run(['legalhold', 'info', 'local/records/held.txt'])
    expect(missing.code).toBe(1)
    expect((await env.run(['legalhold', 'set', 'local/records'])).code).toBe(2)
  })
})
