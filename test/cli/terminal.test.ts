/**
 * What a person at a terminal sees, run on a pseudo-terminal (helpers/terminal.ts): `ls` in
 * mc's colours and transfer progress bars naming the file, and none of it with `--no-color`,
 * `NO_COLOR`, `--quiet`, `--json` or when the output is piped.
 */
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CLI_BUILT, type CliEnv, jsonLines, startCliEnv } from './helpers/cli.js'
import { HAS_SCRIPT, runCliOnTerminal } from './helpers/terminal.js'

const ESC = '\x1b['
/** Escape sequences shown as `<32m>` and so on, so expectations read (and lint) plainly. */
const visible = (text: string) => text.replace(new RegExp(`${ESC.replace('[', '\\[')}(\\d+m)`, 'g'), '<$1>')
const MiB = 1024 * 1024

describe.skipIf(!CLI_BUILT || !HAS_SCRIPT)('on a terminal', () => {
  let env: CliEnv
  let work: string
  const onTerminal = (args: string[], extra: NodeJS.ProcessEnv = {}) =>
    runCliOnTerminal(['--config-dir', env.configDir, ...args], { env: extra })

  beforeAll(async () => {
    env = await startCliEnv()
    work = await mkdtemp(join(tmpdir(), 'silo-cli-terminal-'))
    await env.run(['mb', 'local/photos'])
    await writeFile(join(work, 'cat.jpg'), 'meow')
    await env.run(['cp', join(work, 'cat.jpg'), 'local/photos/2026/cat.jpg'])
    await env.run(['cp', join(work, 'cat.jpg'), 'local/photos/top.jpg'])
  })
  afterAll(async () => {
    await env?.stop()
    if (work) await rm(work, { recursive: true, force: true })
  })

  it('ls colours as mc: date green, size yellow, file bold, folder cyan bold', async () => {
    const { code, stdout } = await onTerminal(['ls', 'local/photos'])
    expect(code).toBe(0)
    const lines = visible(stdout).trimEnd().split('\r\n')
    expect(lines).toHaveLength(2)
    const folder = lines.find((line) => line.includes('2026/'))
    const file = lines.find((line) => line.includes('top.jpg'))
    expect(folder).toBe(`${' '.repeat(25)} <33m>     0B<39m> <1m><36m>2026/<39m><22m>`)
    expect(file).toMatch(
      /^<32m>\[\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC\]<39m> <33m> {5}4B<39m> <1m>top\.jpg<22m>$/,
    )
    const buckets = visible((await onTerminal(['ls', 'local'])).stdout)
    expect(buckets).toMatch(/^<32m>\[.*\]<39m> <33m> {5}0B<39m> <1m><36m>photos\/<39m><22m>\r\n$/)
  })

  it('ls on a terminal shows control characters in a key as ?, so a key cannot drive the terminal', async () => {
    const key = 'evil\u001b[2J\u001b]0;owned\u0007.txt'
    expect((await env.run(['cp', join(work, 'cat.jpg'), `local/photos/odd/${key}`])).code).toBe(0)
    const shown = await onTerminal(['--no-color', 'ls', 'local/photos/odd/'])
    expect(shown.stdout).toContain('evil?[2J?]0;owned?.txt')
    expect(shown.stdout).not.toContain('\u001b')
    // Piped output and JSON keep the key as it is, for scripts.
    expect((await env.run(['ls', 'local/photos/odd/'])).stdout).toContain(key)
    expect(jsonLines((await env.run(['--json', 'ls', 'local/photos/odd/'])).stdout)[0]?.key).toBe(key)
    await env.run(['rm', '--recursive', '--force', 'local/photos/odd/'])
  })

  it('rm, stat and error lines on a terminal show control characters in a key as ?', async () => {
    const key = 'bad\u001b[2J\u001b]0;owned\u0007.txt'
    expect((await env.run(['cp', join(work, 'cat.jpg'), `local/photos/odd2/${key}`])).code).toBe(0)
    const stat = await onTerminal(['--no-color', 'stat', `local/photos/odd2/${key}`])
    expect(stat.code).toBe(0)
    expect(stat.stdout).toContain('bad?[2J?]0;owned?.txt')
    expect(stat.stdout).not.toContain('\u001b')
    const removed = await onTerminal(['--no-color', 'rm', `local/photos/odd2/${key}`])
    expect(removed.code).toBe(0)
    expect(removed.stdout).toContain('Removed `local/photos/odd2/bad?[2J?]0;owned?.txt`.')
    expect(removed.stdout).not.toContain('\u001b')
    // The key is gone now: the error names it, made safe as well.
    const failed = await onTerminal(['--no-color', 'rm', `local/photos/odd2/${key}`])
    expect(failed.code).toBe(1)
    expect(failed.stdout).toContain('bad?[2J?]0;owned?.txt')
    expect(failed.stdout).not.toContain('\u001b')
    // Piped, the names stay as they are, for scripts.
    await env.run(['cp', join(work, 'cat.jpg'), `local/photos/odd2/${key}`])
    expect((await env.run(['rm', `local/photos/odd2/${key}`])).stdout).toContain(key)
  })

  it('ls prints no colour with --no-color, with NO_COLOR, or when piped', async () => {
    for (const result of [
      await onTerminal(['--no-color', 'ls', 'local/photos']),
      await onTerminal(['ls', 'local/photos', '--no-color']),
      await onTerminal(['ls', 'local/photos'], { NO_COLOR: '1' }),
      await env.run(['ls', 'local/photos']),
    ]) {
      expect(result.code).toBe(0)
      expect(result.stdout).toContain('top.jpg')
      expect(result.stdout).not.toContain(ESC)
    }
  })

  it('cp draws one progress bar naming the file, ending at 100% of its bytes', async () => {
    const big = join(work, 'big-video.bin')
    await writeFile(big, randomBytes(6 * MiB))
    const { code, stdout } = await onTerminal(['cp', big, 'local/photos/'])
    expect(code).toBe(0)
    const draws = stdout.split('\r').filter((draw) => draw.includes('%'))
    expect(draws.length).toBeGreaterThan(0)
    for (const draw of draws)
      expect(draw).toMatch(/big-video\.bin +\d+% \[[=> ]+\] +[\d.]+(B|KiB|MiB) \/ 6\.0MiB/)
    expect(draws.at(-1)).toMatch(/100% \[=+\] +6\.0MiB \/ 6\.0MiB/)
    expect(stdout.endsWith('\r\n')).toBe(true)
    // The bar replaces the per-copy line a pipe gets.
    expect(stdout).not.toContain('->')
  })

  it('cp of several files names each one as it goes', async () => {
    await writeFile(join(work, 'first.txt'), 'one')
    await writeFile(join(work, 'second.txt'), 'two')
    const { stdout } = await onTerminal([
      'cp',
      join(work, 'first.txt'),
      join(work, 'second.txt'),
      'local/photos/',
    ])
    expect(stdout).toMatch(/first\.txt +\d+%/)
    expect(stdout).toMatch(/second\.txt +100% \[=+\] +6B \/ 6B/)
  })

  it('draws no bar with --quiet or --json, nor when piped', async () => {
    const file = join(work, 'quiet.bin')
    await writeFile(file, randomBytes(64 * 1024))
    const quiet = await onTerminal(['--quiet', 'cp', file, 'local/photos/'])
    expect(quiet).toMatchObject({ code: 0, stdout: '' })
    const json = await onTerminal(['--json', 'cp', file, 'local/photos/'])
    expect(json.stdout).not.toContain('%')
    expect(jsonLines(json.stdout.replaceAll('\r', ''))).toEqual([
      { status: 'success', source: file, target: 'local/photos/quiet.bin', size: 64 * 1024 },
    ])
    const piped = await env.run(['cp', file, 'local/photos/'])
    expect(piped.stdout).toBe(`\`${file}\` -> \`local/photos/quiet.bin\`\n`)
  })

  it('mirror and downloads draw the bar too', async () => {
    const down = join(work, 'down')
    const { stdout } = await onTerminal(['mirror', 'local/photos/2026', down])
    expect(stdout).toMatch(/photos\/2026\/cat\.jpg +100% \[=+\] +4B \/ 4B/)
  })
})
