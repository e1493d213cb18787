import { mkdtemp, readFile, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CLI_BUILT, jsonLines, runCli } from './helpers/cli.js'

describe.skipIf(!CLI_BUILT)('silo config host add|list|remove', () => {
  let dir: string
  const silo = (...args: string[]) => runCli(['--config-dir', dir, ...args])

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'silo-cli-config-'))
  })
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true })
  })

  it('stores an alias in aliases.json, readable by its owner only', async () => {
    const added = await silo(
      'config',
      'host',
      'add',
      'play',
      'https://play.example.com',
      'AKEY',
      'SKEY-secret',
    )
    expect(added).toMatchObject({ code: 0, stdout: 'Added `play` successfully.\n', stderr: '' })
    const file = join(dir, 'aliases.json')
    expect((await stat(file)).mode & 0o777).toBe(0o600)
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({
      version: '1',
      aliases: { play: { url: 'https://play.example.com:443', accessKey: 'AKEY', secretKey: 'SKEY-secret' } },
    })
  })

  it('lists aliases without their secret keys, as text and JSON', async () => {
    await silo('config', 'host', 'add', 'local', 'http://127.0.0.1:9000', 'AK2', 'SK2-secret')
    const text = await silo('config', 'host', 'list')
    expect(text.stdout).toBe('local  http://127.0.0.1:9000  AK2\nplay   https://play.example.com:443  AKEY\n')
    expect(text.stdout).not.toContain('secret')
    const json = await silo('--json', 'config', 'host', 'list')
    expect(jsonLines(json.stdout)).toEqual([
      { status: 'success', alias: 'local', url: 'http://127.0.0.1:9000', accessKey: 'AK2' },
      { status: 'success', alias: 'play', url: 'https://play.example.com:443', accessKey: 'AKEY' },
    ])
  })

  it('removes an alias, and says so when there is none to remove', async () => {
    expect((await silo('config', 'host', 'remove', 'play')).stdout).toBe('Removed `play` successfully.\n')
    expect((await silo('--json', 'config', 'host', 'list')).stdout).not.toContain('play')
    const again = await silo('config', 'host', 'remove', 'play')
    expect(again).toMatchObject({
      code: 1,
      stdout: '',
      stderr: 'silo: unknown alias "play"; nothing removed\n',
    })
  })

  it.each([
    ['ftp://host:21', 'scheme "ftp" is not supported; use http or https'],
    ['localhost:9000', 'scheme "localhost" is not supported'],
    ['127.0.0.1', 'it needs a scheme, http:// or https://'],
    ['http://host:9000/path', 'it must not have a path, query or fragment'],
    ['http://user:pw@host', 'put the keys in ACCESS_KEY and SECRET_KEY'],
    ['http://host:99999', 'not a valid URL'],
  ])('refuses endpoint %s with a one-line usage error (exit 2)', async (endpoint, why) => {
    const result = await silo('config', 'host', 'add', 'x', endpoint, 'AK', 'SK')
    expect(result.code).toBe(2)
    expect(result.stderr).toContain(`silo: invalid endpoint "${endpoint}": ${why}`)
    expect(result.stderr.trim().split('\n')).toHaveLength(1)
  })

  it('refuses alias names that could be read as paths', async () => {
    const result = await silo('config', 'host', 'add', 'my.host', 'http://h:1', 'AK', 'SK')
    expect(result.code).toBe(2)
    expect(result.stderr).toBe(
      'silo: invalid alias "my.host": use a letter followed by letters, digits, "-" or "_" (at most 64)\n',
    )
  })

  it('reports a missing argument on one line with exit status 2', async () => {
    const result = await silo('config', 'host', 'add', 'x', 'http://h:1')
    expect(result).toMatchObject({ code: 2, stdout: '' })
    expect(result.stderr).toBe(
      "silo: config host add: missing required argument 'ACCESS_KEY' (see: silo config host add --help)\n",
    )
  })
})
