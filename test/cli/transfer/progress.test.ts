/**
 * The copy path a progress bar hears, in process: `copyOne` uploading and downloading through the
 * SDK against a real server, feeding a bar whose clock lets every report draw. The bar must move
 * by the bytes as they go, not by whole parts.
 */
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { saveAliases } from '../../../src/cli/config/alias-store.js'
import { CliContext } from '../../../src/cli/context.js'
import { ProgressBar } from '../../../src/cli/output/progress-bar.js'
import { copyOne } from '../../../src/cli/transfer/copy-one.js'
import { ROOT_PASSWORD, ROOT_USER, type RunningServer, startServer } from '../../e2e/helpers/server.js'
import { createCapturingStream } from '../helpers/capturing-stream.js'

const MiB = 1024 * 1024

/** The "done" figure of each draw, e.g. '64KiB'. */
const doneFigures = (draws: string[]) =>
  draws.flatMap((draw) => /\] +(\S+) \//.exec(draw)?.[1] ?? []).filter((figure) => figure !== '0B')

describe('copy progress moves by bytes', () => {
  let server: RunningServer
  let work: string
  let ctx: CliContext

  beforeAll(async () => {
    server = await startServer()
    work = await mkdtemp(join(tmpdir(), 'silo-cli-progress-'))
    await saveAliases(work, {
      version: '1',
      aliases: { local: { url: server.url, accessKey: ROOT_USER, secretKey: ROOT_PASSWORD } },
    })
    const flags = { json: false, debug: false, color: false, quiet: false, insecure: false }
    ctx = new CliContext({ ...flags, configDir: work })
    await (await ctx.client('local')).makeBucket('videos')
  })
  afterAll(async () => {
    await server?.stop()
    if (work) await rm(work, { recursive: true, force: true })
  })

  it('an upload of 20 MiB (a 16 MiB part and a 4 MiB part) draws steps inside the parts', async () => {
    const file = join(work, 'clip.bin')
    await writeFile(file, randomBytes(20 * MiB))
    const { stream, chunks: draws } = createCapturingStream(true, 100)
    let now = 0
    const bar = new ProgressBar(stream, 20 * MiB, () => (now += 1000))
    bar.label(file)
    const job = {
      from: { kind: 'local' as const, path: file },
      to: { kind: 'remote' as const, alias: 'local', bucket: 'videos', key: 'clip.bin' },
      size: 20 * MiB,
    }
    await copyOne(ctx, job, (bytes) => bar.add(bytes))
    bar.finish()
    const figures = doneFigures(draws)
    expect(figures.at(-1)).toBe('20MiB')
    // Per-part reports would draw only 16MiB and 20MiB.
    expect(figures[0]).toBe('64KiB')
    expect(new Set(figures).size).toBeGreaterThan(100)
    expect(draws.every((draw) => draw.startsWith('\r') || draw === '\n')).toBe(true)
    expect(draws[0]).toContain('clip.bin')
  })
})
