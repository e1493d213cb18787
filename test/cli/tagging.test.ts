import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CLI_BUILT, type CliEnv, jsonLines, startCliEnv } from './helpers/cli.js'

describe.skipIf(!CLI_BUILT)('tag set|list|remove against a live server', () => {
  let env: CliEnv
  let work: string

  beforeAll(async () => {
    env = await startCliEnv()
    work = await mkdtemp(join(tmpdir(), 'silo-cli-tags-'))
    expect((await env.run(['mb', '--with-versioning', 'local/tagged'])).code).toBe(0)
    const file = join(work, 'a.txt')
    await writeFile(file, 'first')
    expect((await env.run(['cp', file, 'local/tagged/a.txt'])).code).toBe(0)
    await writeFile(file, 'second')
    expect((await env.run(['cp', file, 'local/tagged/a.txt'])).code).toBe(0)
  })
  afterAll(async () => {
    await env?.stop()
    await rm(work, { recursive: true, force: true })
  })

  it('sets, lists and removes object tags', async () => {
    expect(
      await env.run(['tag', 'set', 'local/tagged/a.txt', 'project=alpha&owner=ann smith']),
    ).toMatchObject({
      code: 0,
      stdout: 'Tags set for local/tagged/a.txt.\n',
    })
    expect((await env.run(['tag', 'list', 'local/tagged/a.txt'])).stdout).toBe(
      'Name    : local/tagged/a.txt\nproject : alpha\nowner   : ann smith\n',
    )
    expect(jsonLines((await env.run(['--json', 'tag', 'list', 'local/tagged/a.txt'])).stdout)).toEqual([
      { status: 'success', url: 'local/tagged/a.txt', tags: { project: 'alpha', owner: 'ann smith' } },
    ])
    expect((await env.run(['tag', 'remove', 'local/tagged/a.txt'])).stdout).toBe(
      'Tags removed for local/tagged/a.txt.\n',
    )
    expect(
      jsonLines((await env.run(['--json', 'tag', 'list', 'local/tagged/a.txt'])).stdout)[0]?.tags,
    ).toEqual({})
  })

  it('tags one version with --version-id, leaving the latest untouched', async () => {
    const versions = jsonLines((await env.run(['--json', 'ls', '--versions', 'local/tagged/a.txt'])).stdout)
    const oldest = String(versions.at(-1)?.versionId)
    expect(
      (await env.run(['tag', 'set', '--version-id', oldest, 'local/tagged/a.txt', 'stage=old'])).code,
    ).toBe(0)
    const old = await env.run(['--json', 'tag', 'list', '--version-id', oldest, 'local/tagged/a.txt'])
    expect(jsonLines(old.stdout)).toEqual([
      { status: 'success', url: 'local/tagged/a.txt', tags: { stage: 'old' }, versionId: oldest },
    ])
    expect(
      jsonLines((await env.run(['--json', 'tag', 'list', 'local/tagged/a.txt'])).stdout)[0]?.tags,
    ).toEqual({})
  })

  it('sets and lists bucket tags', async () => {
    expect((await env.run(['tag', 'set', 'local/tagged', 'team=media'])).code).toBe(0)
    expect((await env.run(['tag', 'list', 'local/tagged'])).stdout).toBe(
      'Name : local/tagged\nteam : media\n',
    )
    expect((await env.run(['tag', 'remove', 'local/tagged'])).code).toBe(0)
  })

  it('refuses too many tags, a missing bucket or object with the S3 code, and malformed tag text', async () => {
    const eleven = Array.from({ length: 11 }, (_, i) => `k${i}=v`).join('&')
    const many = await env.run(['tag', 'set', 'local/tagged/a.txt', eleven])
    expect(many.code).toBe(1)
    expect(many.stderr).toMatch(/^silo: cannot set tags of "local\/tagged\/a.txt": .*10/)
    const bucket = await env.run(['--json', 'tag', 'set', 'local/no-such-bucket', 'a=1'])
    expect(bucket.code).toBe(1)
    expect(JSON.parse(bucket.stderr)).toMatchObject({ status: 'error', error: { code: 'NoSuchBucket' } })
    const missing = await env.run(['tag', 'list', 'local/tagged/none.txt'])
    expect(missing.code).toBe(1)
    expect(missing.stderr).toMatch(/^silo: cannot list tags of "local\/tagged\/none.txt": .*\(NoSuchKey\)\n$/)
    expect((await env.run(['tag', 'set', 'local/tagged/a.txt', 'a=1&a=2'])).code).toBe(2)
    expect((await env.run(['tag', 'set', 'local/tagged/a.txt', ''])).code).toBe(2)
  })
})
