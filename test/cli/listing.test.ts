import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CLI_BUILT, type CliEnv, jsonLines, startCliEnv } from './helpers/cli.js'

const dateless = (text: string) => text.replace(/^\[.*?\]/gm, '[date]')

describe.skipIf(!CLI_BUILT)('listing, recursive removal, remote copies and mirror', () => {
  let env: CliEnv
  let work: string

  beforeAll(async () => {
    env = await startCliEnv()
    work = await (await import('node:fs/promises')).mkdtemp(join(tmpdir(), 'silo-cli-listing-'))
    await mkdir(join(work, 'site', 'css'), { recursive: true })
    await writeFile(join(work, 'site', 'index.html'), '<h1>hi</h1>')
    await writeFile(join(work, 'site', 'css', 'main.css'), 'body{}')
    await writeFile(join(work, 'big.bin'), Buffer.alloc(1234, 7))
    await env.run(['mb', 'local/web'])
    await env.run(['cp', '--recursive', join(work, 'site/'), 'local/web/'])
    await env.run(['cp', join(work, 'big.bin'), 'local/web/data/big.bin'])
  })
  afterAll(async () => {
    await env?.stop()
    await rm(work, { recursive: true, force: true })
  })

  it('ls shows one folder level with sizes in binary units', async () => {
    const result = await env.run(['ls', 'local/web'])
    expect(result.code).toBe(0)
    expect(dateless(result.stdout)).toBe(
      [
        '[date]     11B index.html',
        '                               0B css/',
        '                               0B data/',
        '',
      ].join('\n'),
    )
  })

  it('ls --recursive lists every object, names relative to the listed folder', async () => {
    const result = await env.run(['ls', '--recursive', 'local/web/data/'])
    expect(dateless(result.stdout)).toBe('[date]  1.2KiB big.bin\n')
    const json = jsonLines((await env.run(['--json', 'ls', '-r', 'local/web'])).stdout)
    expect(json.map((r) => [r.status, r.type, r.key, r.size])).toEqual([
      ['success', 'file', 'css/main.css', 6],
      ['success', 'file', 'data/big.bin', 1234],
      ['success', 'file', 'index.html', 11],
    ])
    expect(json[0]!.etag).toMatch(/^[0-9a-f]{32}$/)
  })

  it('cp copies between objects on one alias (server side) and downloads a prefix', async () => {
    const copied = await env.run(['cp', 'local/web/index.html', 'local/web/copy/index.html'])
    expect(copied.stdout).toBe('`local/web/index.html` -> `local/web/copy/index.html`\n')
    expect((await env.run(['cat', 'local/web/copy/index.html'])).stdout).toBe('<h1>hi</h1>')
    const down = join(work, 'down')
    const result = await env.run(['cp', '-r', 'local/web/css', down])
    expect(result.code).toBe(0)
    expect(await readFile(join(down, 'css', 'main.css'), 'utf8')).toBe('body{}')
  })

  it('mirror copies only new and changed files, and --remove deletes extras', async () => {
    const plan = await env.run(['mirror', '--dry-run', join(work, 'site'), 'local/web/mirror'])
    expect(plan.stdout).toBe(
      [
        `would copy \`${join(work, 'site', 'css', 'main.css')}\` -> \`local/web/mirror/css/main.css\``,
        `would copy \`${join(work, 'site', 'index.html')}\` -> \`local/web/mirror/index.html\``,
        '',
      ].join('\n'),
    )
    expect(plan.stderr).toBe(
      'mirror --dry-run: would copy 2 files (17B), would remove 0 files (0B), 0 unchanged; nothing changed\n',
    )
    expect((await env.run(['ls', 'local/web/mirror'])).stdout).toBe('')
    const first = await env.run(['--json', 'mirror', join(work, 'site'), 'local/web/mirror'])
    expect(jsonLines(first.stdout).map((r) => r.target)).toEqual([
      'local/web/mirror/css/main.css',
      'local/web/mirror/index.html',
    ])
    // Same size, different content: caught by the MD5 against the single-part ETag.
    await writeFile(join(work, 'site', 'index.html'), '<h1>HI</h1>')
    await writeFile(join(work, 'site', 'new.txt'), 'new')
    const second = await env.run(['--json', 'mirror', join(work, 'site'), 'local/web/mirror'])
    expect(jsonLines(second.stdout).map((r) => r.target)).toEqual([
      'local/web/mirror/index.html',
      'local/web/mirror/new.txt',
    ])
    expect((await env.run(['cat', 'local/web/mirror/index.html'])).stdout).toBe('<h1>HI</h1>')
    const unchanged = await env.run(['mirror', join(work, 'site'), 'local/web/mirror'])
    expect(unchanged.stdout).toBe('')
    expect(unchanged.stderr).toBe('mirror: 0 copied, 3 unchanged, 0 removed\n')

    await rm(join(work, 'site', 'new.txt'))
    const dry = await env.run(['mirror', '--remove', '--dry-run', join(work, 'site'), 'local/web/mirror'])
    expect(dry.stdout).toBe('would remove `local/web/mirror/new.txt`\n')
    expect(dry.stderr).toBe(
      'mirror --dry-run: would copy 0 files (0B), would remove 1 file (3B), 2 unchanged; nothing changed\n',
    )
    expect(
      (await env.run(['--quiet', 'mirror', '--dry-run', '--remove', join(work, 'site'), 'local/web/mirror']))
        .stderr,
    ).toBe('')
    const removed = await env.run(['mirror', '--remove', join(work, 'site'), 'local/web/mirror'])
    expect(removed.stdout).toBe('Removed `local/web/mirror/new.txt`.\n')
  })

  it('mirror downloads a prefix into a local folder', async () => {
    const target = join(work, 'mirrored')
    expect((await env.run(['mirror', 'local/web/mirror', target])).code).toBe(0)
    expect((await readdir(target)).sort()).toEqual(['css', 'index.html'])
    expect(await readFile(join(target, 'css', 'main.css'), 'utf8')).toBe('body{}')
  })

  it('rm --recursive --force removes everything under a prefix', async () => {
    const result = await env.run(['rm', '--recursive', '--force', 'local/web/mirror/'])
    expect(result.stdout).toBe(
      'Removed `local/web/mirror/css/main.css`.\nRemoved `local/web/mirror/index.html`.\n',
    )
    expect((await env.run(['ls', '-r', 'local/web/mirror/'])).stdout).toBe('')
  })

  it('rb refuses a bucket with objects unless --force', async () => {
    const refused = await env.run(['rb', 'local/web'])
    expect(refused.code).toBe(1)
    expect(refused.stderr).toMatch(
      /^silo: cannot remove bucket "local\/web": .*\(BucketNotEmpty\); add --force to remove its contents first\n$/,
    )
    const forced = await env.run(['--quiet', 'rb', '--force', 'local/web'])
    expect(forced).toMatchObject({ code: 0, stdout: '' })
    expect((await env.run(['ls', 'local'])).stdout).toBe('')
  })
})
