import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CLI_BUILT, type CliEnv, jsonLines, startCliEnv } from './helpers/cli.js'

const LIST_LINE = /^\[\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC\] [ \d.]*\d(B|KiB|MiB) .+$/

describe.skipIf(!CLI_BUILT)('object commands against a live server', () => {
  let env: CliEnv
  let work: string

  beforeAll(async () => {
    env = await startCliEnv()
    work = await mkdtemp(join(tmpdir(), 'silo-cli-objects-'))
  })
  afterAll(async () => {
    await env?.stop()
    await rm(work, { recursive: true, force: true })
  })

  it('mb creates a bucket; again it fails unless --ignore-existing', async () => {
    expect(await env.run(['mb', 'local/photos'])).toMatchObject({
      code: 0,
      stdout: 'Bucket created successfully `local/photos`.\n',
    })
    const again = await env.run(['mb', 'local/photos'])
    expect(again.code).toBe(1)
    expect(again.stderr).toMatch(
      /^silo: cannot make bucket "local\/photos": .*\(BucketAlreadyOwnedByYou\)\n$/,
    )
    expect((await env.run(['mb', '--ignore-existing', 'local/photos'])).code).toBe(0)
    const json = await env.run(['--json', 'mb', 'local/docs', '--region', 'us-east-1'])
    expect(jsonLines(json.stdout)).toEqual([{ status: 'success', bucket: 'local/docs', region: 'us-east-1' }])
  })

  it('ls ALIAS lists buckets in mc format and as JSON', async () => {
    const text = await env.run(['ls', 'local'])
    const lines = text.stdout.trim().split('\n')
    expect(lines.map((line) => line.replace(/^\[.*?\]/, '[date]'))).toEqual([
      '[date]      0B docs/',
      '[date]      0B photos/',
    ])
    for (const line of lines) expect(line).toMatch(LIST_LINE)
    const json = jsonLines((await env.run(['--json', 'ls', 'local/'])).stdout)
    expect(json.map((r) => [r.status, r.type, r.key, r.size])).toEqual([
      ['success', 'folder', 'docs/', 0],
      ['success', 'folder', 'photos/', 0],
    ])
  })

  it('cp uploads a file, cat prints it, stat describes it, cp downloads it', async () => {
    const source = join(work, 'hello.txt')
    await writeFile(source, 'Hello, Silo!\n')
    const up = await env.run(['cp', source, 'local/photos/'])
    expect(up).toMatchObject({ code: 0, stdout: `\`${source}\` -> \`local/photos/hello.txt\`\n`, stderr: '' })

    expect((await env.run(['cat', 'local/photos/hello.txt'])).stdout).toBe('Hello, Silo!\n')

    const stat = await env.run(['stat', 'local/photos/hello.txt'])
    expect(stat.stdout).toMatch(
      /^Name {6}: hello\.txt\nDate {6}: \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC\nSize {6}: 13 B\nETag {6}: [0-9a-f]{32}\nType {6}: file\nMetadata {2}:\n/,
    )
    const [record] = jsonLines((await env.run(['--json', 'stat', 'local/photos/hello.txt'])).stdout)
    expect(record).toMatchObject({ status: 'success', name: 'hello.txt', size: 13, type: 'file' })

    const target = join(work, 'down', 'copy.txt')
    const down = await env.run(['cp', 'local/photos/hello.txt', target])
    expect(down.code).toBe(0)
    expect(await readFile(target, 'utf8')).toBe('Hello, Silo!\n')
    // The download went through a temporary file that is gone now.
    expect(await readdir(join(work, 'down'))).toEqual(['copy.txt'])
  })

  it('cp --recursive uploads a folder under its own name', async () => {
    const tree = join(work, 'album')
    await rm(tree, { recursive: true, force: true })
    await import('node:fs/promises').then((fs) => fs.mkdir(join(tree, 'inner'), { recursive: true }))
    await writeFile(join(tree, 'a.txt'), 'a')
    await writeFile(join(tree, 'inner', 'b.txt'), 'bb')
    const result = await env.run(['--json', 'cp', '--recursive', tree, 'local/photos'])
    expect(jsonLines(result.stdout).map((r) => [r.target, r.size])).toEqual([
      ['local/photos/album/a.txt', 1],
      ['local/photos/album/inner/b.txt', 2],
    ])
    expect((await env.run(['cat', 'local/photos/album/inner/b.txt'])).stdout).toBe('bb')
  })

  it('cp of a folder without --recursive is a usage error', async () => {
    const result = await env.run(['cp', work, 'local/photos/'])
    expect(result).toMatchObject({
      code: 2,
      stderr: `silo: cp: "${work}" is a folder; add --recursive to copy it\n`,
    })
  })

  it('a failed download leaves no file behind', async () => {
    const target = join(work, 'missing.txt')
    const result = await env.run(['cp', 'local/photos/no-such-key', target])
    expect(result.code).toBe(1)
    expect(result.stderr).toMatch(/^silo: .*no-such-key.*\n$/)
    await expect(readFile(target)).rejects.toThrow('ENOENT')
  })

  it('rm removes an object and refuses a missing one', async () => {
    await env.run(['cp', join(work, 'hello.txt'), 'local/docs/gone.txt'])
    expect((await env.run(['rm', 'local/docs/gone.txt'])).stdout).toBe('Removed `local/docs/gone.txt`.\n')
    const again = await env.run(['rm', 'local/docs/gone.txt'])
    expect(again).toMatchObject({
      code: 1,
      stderr: 'silo: cannot remove "local/docs/gone.txt": the object does not exist\n',
    })
    const bare = await env.run(['rm', 'local/docs/'])
    expect(bare.code).toBe(2)
    expect((await env.run(['rm', '--recursive', 'local/docs/'])).stderr).toBe(
      'silo: rm: --recursive removes every object under the prefix; add --force to confirm\n',
    )
  })

  it('rb removes an empty bucket', async () => {
    expect((await env.run(['rb', 'local/docs'])).stdout).toBe('Removed `local/docs` successfully.\n')
    expect((await env.run(['ls', 'local'])).stdout).not.toContain('docs/')
  })

  it('share download prints a presigned URL that works without credentials', async () => {
    const result = await env.run(['share', 'download', '--expire', '2h', 'local/photos/hello.txt'])
    expect(result.code).toBe(0)
    const [url, expire, share] = result.stdout.trim().split('\n')
    expect(url).toBe('URL: local/photos/hello.txt')
    expect(expire).toBe('Expire: 0 days 2 hours 0 minutes 0 seconds')
    const link = share!.replace(/^Share: /, '')
    expect(link).toContain('X-Amz-Expires=7200')
    const response = await fetch(link)
    expect(await response.text()).toBe('Hello, Silo!\n')
  })

  it('share upload prints a URL that accepts a PUT', async () => {
    const [record] = jsonLines(
      (await env.run(['--json', 'share', 'upload', 'local/photos/via-url.txt'])).stdout,
    )
    expect(record).toMatchObject({ status: 'success', method: 'PUT', expire: 604_800 })
    const response = await fetch(record!.share as string, { method: 'PUT', body: 'uploaded' })
    expect(response.status).toBe(200)
    expect((await env.run(['cat', 'local/photos/via-url.txt'])).stdout).toBe('uploaded')
  })

  it('share refuses an expiry past 7 days', async () => {
    const result = await env.run(['share', 'download', '--expire', '8d', 'local/photos/hello.txt'])
    expect(result).toMatchObject({ code: 2, stderr: 'silo: --expire: "8d" must be between 1s and 7d\n' })
  })
})
