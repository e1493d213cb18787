import { mkdir, mkdtemp, readdir, rename, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ROOT_PASSWORD, ROOT_USER, type SiloProcess, startSilo } from '../e2e/helpers/erasure.js'
import { CLI_BUILT, jsonLines, runCli } from './helpers/cli.js'

const BODY = (n: number) => Buffer.alloc(300 * 1024 + n, n)

/** Every file under `dir`, relative, sorted (to see what a heal wrote or did not write). */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true })
  return entries
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name).slice(dir.length + 1))
    .sort()
}

async function wipe(dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true })
  await mkdir(dir)
}

describe.skipIf(!CLI_BUILT)('silo admin heal / info on an erasure-coded server (4 drives)', () => {
  let root: string
  let drives: string[]
  let server: SiloProcess
  let configDir: string
  const run = (args: string[]) => runCli(['--config-dir', configDir, ...args])

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'silo-cli-heal-'))
    drives = ['d1', 'd2', 'd3', 'd4'].map((d) => join(root, d))
    await Promise.all(drives.map((d) => mkdir(d)))
    server = await startSilo(drives)
    configDir = join(root, 'config')
    const added = await run(['config', 'host', 'add', 'local', server.url, ROOT_USER, ROOT_PASSWORD])
    if (added.code !== 0) throw new Error(`config host add failed: ${added.stderr}`)
    const client = server.client()
    await client.makeBucket('photos')
    for (let i = 0; i < 3; i++) await client.putObject('photos', `2026/cat${i}.jpg`, BODY(i))
  }, 60_000)

  afterAll(async () => {
    await server?.stop()
    if (root) await rm(root, { recursive: true, force: true })
  })

  it('info shows the erasure backend: drives online and offline, data+parity, the set', async () => {
    const text = await run(['admin', 'info', 'local'])
    expect(text.code).toBe(0)
    expect(text.stdout).toContain('   Drives : 4 online, 0 offline (EC 2+2)\n')
    const [record] = jsonLines((await run(['--json', 'admin', 'info', 'local'])).stdout)
    expect(record!.storage).toMatchObject({
      backend: {
        backendType: 'Erasure',
        onlineDisks: 4,
        offlineDisks: 0,
        standardSCData: 2,
        standardSCParity: 2,
        sets: [drives.map((endpoint) => ({ endpoint, state: 'ok', uuid: expect.any(String) }))],
      },
    })
  })

  it('a healthy deployment: every item already healthy, exit 0', async () => {
    const result = await run(['admin', 'heal', '-r', 'local'])
    expect(result.stderr).toBe('')
    expect(result.code).toBe(0)
    const lines = result.stdout.trimEnd().split('\n')
    expect(lines).toContain('  ◦ photos/2026/cat0.jpg  object  4/4 ok → 4/4 ok')
    expect(lines.at(-1)).toMatch(
      /^Heal: \d+ items \(objects 3, buckets 1, metadata \d+\) in \d+\.\d s: \d+ already healthy, 0 healed, 0 could not be healed$/,
    )
  })

  it('after a wipe: a dry run reports and writes nothing, heal -r restores the drive, a second heal finds nothing', async () => {
    await wipe(drives[1]!)
    const dry = await run(['admin', 'heal', '-r', '-n', 'local'])
    expect(dry.code).toBe(0)
    expect(dry.stdout).toContain('  ◦ photos/2026/cat1.jpg  object  3/4 ok, 1 missing → 3/4 ok, 1 missing')
    expect(dry.stdout.trimEnd().split('\n').at(-1)).toMatch(
      /^Dry run: \d+ items \(objects 3, buckets 1, metadata \d+\) in \d+\.\d s: \d+ already healthy, [1-9]\d* would be healed, 0 could not be healed$/,
    )
    expect(await filesUnder(drives[1]!)).toEqual([])

    const healed = await run(['admin', 'heal', '-r', 'local'])
    expect(healed.stderr).toBe('')
    expect(healed.code).toBe(0)
    expect(healed.stdout).toContain('  ◦ photos/2026/cat2.jpg  object  3/4 ok, 1 missing → 4/4 ok')
    expect(healed.stdout).toContain('  ◦ photos  bucket  3/4 ok, 1 missing → 4/4 ok')
    expect(healed.stdout.trimEnd().split('\n').at(-1)).toMatch(/, 0 could not be healed$/)
    // The wiped drive holds as many files, in the same places, as a healthy one again (shard
    // files are named by an ID each drive draws, so the names differ).
    const shape = async (dir: string) =>
      (await filesUnder(dir)).map((f) => f.replace(/\/[0-9a-f]{2}\/[0-9a-f]{32}$/, '/<shard>'))
    expect(await shape(drives[1]!)).toEqual(await shape(drives[0]!))

    const again = await run(['--json', 'admin', 'heal', '-r', 'local'])
    expect(again.code).toBe(0)
    const records = jsonLines(again.stdout)
    const summary = records.at(-1)!
    const items = records.slice(0, -1)
    expect(items.length).toBeGreaterThan(4)
    for (const item of items) {
      expect(item).toMatchObject({ status: 'success', outcome: 'healthy', resultId: expect.any(Number) })
    }
    expect(items.map((i) => i.resultId)).toEqual(items.map((_, i) => i + 1))
    expect(summary).toMatchObject({
      status: 'success',
      summary: 'finished',
      dryRun: false,
      items: items.length,
      objects: 3,
      buckets: 1,
      healthy: items.length,
      healed: 0,
      failed: 0,
    })
  })

  it('without -r heals only the object the path names', async () => {
    const result = await run(['--json', 'admin', 'heal', 'local/photos/2026/cat1.jpg'])
    expect(result.code).toBe(0)
    const objects = jsonLines(result.stdout).filter((r) => r.type === 'object')
    expect(objects.map((o) => o.object)).toEqual(['2026/cat1.jpg'])
  })

  it('an offline drive: info counts it, heal cannot heal it and exits 1 saying so', async () => {
    const away = `${drives[2]!}.away`
    await rename(drives[2]!, away)
    try {
      expect((await run(['admin', 'info', 'local'])).stdout).toContain(
        '   Drives : 3 online, 1 offline (EC 2+2)\n',
      )
      const result = await run(['admin', 'heal', '-r', 'local/photos'])
      expect(result.code).toBe(1)
      expect(result.stdout).toContain(
        '  ◦ photos/2026/cat0.jpg  object  3/4 ok, 1 offline → 3/4 ok, 1 offline',
      )
      expect(result.stdout.trimEnd().split('\n').at(-1)).toMatch(
        /: 0 already healthy, 0 healed, \d+ could not be healed$/,
      )
      expect(result.stderr).toMatch(
        /^silo: heal of "local\/photos": \d+ items could not be healed \(see the drives above\)\n$/,
      )
    } finally {
      await rename(away, drives[2]!)
    }
  })

  it('names a bucket that no drive holds', async () => {
    const result = await run(['admin', 'heal', '-r', 'local/nosuchbucket'])
    expect(result.code).toBe(1)
    expect(result.stderr).toMatch(
      /^silo: cannot heal "local\/nosuchbucket": .*nosuchbucket.* \(NoSuchBucket\)\n$/,
    )
  })
})
