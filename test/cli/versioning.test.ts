import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
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

describe.skipIf(!CLI_BUILT)('ls --versions and rm --version-id/--versions against a live server', () => {
  let env: CliEnv
  let work: string

  beforeAll(async () => {
    env = await startCliEnv()
    work = await mkdtemp(join(tmpdir(), 'silo-cli-versions-'))
    expect((await env.run(['mb', '--with-versioning', 'local/vers'])).code).toBe(0)
  })
  afterAll(async () => {
    await env?.stop()
    await rm(work, { recursive: true, force: true })
  })

  async function put(key: string, body: string) {
    const file = join(work, 'body.txt')
    await writeFile(file, body)
    expect((await env.run(['cp', file, `local/vers/${key}`])).code).toBe(0)
  }

  async function versions(target: string) {
    return jsonLines((await env.run(['--json', 'ls', '--versions', '--recursive', target])).stdout)
  }

  it('ls --versions shows each version (newest first, vN from the oldest) and delete markers as mc', async () => {
    await put('doc.txt', 'one')
    await put('doc.txt', 'second')
    expect((await env.run(['rm', 'local/vers/doc.txt'])).code).toBe(0)
    const text = await env.run(['ls', '--versions', 'local/vers'])
    expect(text.code).toBe(0)
    const lines = text.stdout.trim().split('\n')
    expect(lines).toHaveLength(3)
    expect(lines[0]).toMatch(/^\[\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC\]\s+0B STANDARD \S+ v3 DEL doc\.txt$/)
    expect(lines[1]).toMatch(/^\[.* UTC\]\s+6B STANDARD \S+ v2 PUT doc\.txt$/)
    expect(lines[2]).toMatch(/^\[.* UTC\]\s+3B STANDARD \S+ v1 PUT doc\.txt$/)

    const json = await versions('local/vers/doc.txt')
    expect(json.map((r) => [r.key, r.size, r.versionOrdinal, r.isLatest, r.isDeleteMarker])).toEqual([
      ['doc.txt', 0, 3, true, true],
      ['doc.txt', 6, 2, false, false],
      ['doc.txt', 3, 1, false, false],
    ])
    const ids = json.map((r) => String(r.versionId))
    expect(new Set(ids).size).toBe(3)
    for (const [at, id] of ids.entries()) expect(lines[at]).toContain(` ${id} `)
  })

  it('rm --version-id removes exactly that version; removing the delete marker brings the object back', async () => {
    const [marker, second, first] = (await versions('local/vers/doc.txt')).map((r) => String(r.versionId))
    const removed = await env.run(['--json', 'rm', '--version-id', String(marker), 'local/vers/doc.txt'])
    expect(jsonLines(removed.stdout)).toEqual([
      { status: 'success', key: 'local/vers/doc.txt', versionId: marker },
    ])
    expect((await env.run(['cat', 'local/vers/doc.txt'])).stdout).toBe('second')
    expect(await env.run(['rm', '--version-id', String(first), 'local/vers/doc.txt'])).toMatchObject({
      code: 0,
      stdout: `Removed \`local/vers/doc.txt\` (versionId=${first}).\n`,
    })
    expect((await versions('local/vers/doc.txt')).map((r) => r.versionId)).toEqual([second])
  })

  it('rm --versions removes every version of a key, or of a prefix with --recursive --force', async () => {
    await put('dir/a', 'a1')
    await put('dir/a', 'a2')
    await put('dir/b', 'b1')
    await put('dirt', 'other key sharing the prefix text')
    const one = await env.run(['rm', '--versions', 'local/vers/dir/a'])
    expect(one.code).toBe(0)
    expect(one.stdout.trim().split('\n')).toHaveLength(2)
    expect((await versions('local/vers/dir/')).map((r) => r.key)).toEqual(['b'])
    expect((await env.run(['rm', '--versions', '--recursive', '--force', 'local/vers/dir/'])).code).toBe(0)
    expect(await versions('local/vers/dir/')).toEqual([])
    expect((await versions('local/vers/dirt')).map((r) => r.key)).toEqual(['dirt'])
  })

  it('rm --versions of a key without versions fails; --version-id with --recursive is a usage error', async () => {
    const none = await env.run(['rm', '--versions', 'local/vers/missing'])
    expect(none.code).toBe(1)
    expect(none.stderr).toBe('silo: cannot remove "local/vers/missing": the object has no versions\n')
    expect(
      (await env.run(['rm', '--version-id', 'x', '--recursive', '--force', 'local/vers/dir/'])).code,
    ).toBe(2)
    const bad = await env.run(['--json', 'rm', '--version-id', 'not-a-version', 'local/vers/dirt'])
    expect(bad.code).toBe(1)
    expect(JSON.parse(bad.stderr)).toMatchObject({ status: 'error' })
  })
})
