import { Writable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { ProgressBar, wantsProgress } from '../../../src/cli/output/progress-bar.js'

function sink(isTTY: boolean) {
  const chunks: string[] = []
  const stream = new Writable({
    write(chunk, _encoding, done) {
      chunks.push(String(chunk))
      done()
    },
  }) as Writable & { isTTY?: boolean; columns?: number }
  stream.isTTY = isTTY
  stream.columns = 80
  return { stream, chunks }
}

describe('progress bar', () => {
  it('is drawn only on a terminal, and never with --quiet or --json', () => {
    expect(wantsProgress(sink(true).stream, { quiet: false, json: false })).toBe(true)
    expect(wantsProgress(sink(false).stream, { quiet: false, json: false })).toBe(false)
    expect(wantsProgress(sink(true).stream, { quiet: true, json: false })).toBe(false)
    expect(wantsProgress(sink(true).stream, { quiet: false, json: true })).toBe(false)
  })

  it('shows percent, bar, bytes and rate, redrawing in place', () => {
    let now = 0
    const { stream, chunks } = sink(true)
    const bar = new ProgressBar(stream, 4 * 1024 * 1024, () => now)
    now = 1000
    bar.add(1024 * 1024)
    const line = bar.render(60)
    expect(line).toMatch(/^ 25% \[=+> *\] 1\.0MiB \/ 4\.0MiB {2}1\.0MiB\/s$/)
    expect(line.length).toBeLessThanOrEqual(60)
    now = 2000
    bar.add(3 * 1024 * 1024)
    bar.finish()
    expect(chunks.every((chunk) => chunk.startsWith('\r') || chunk === '\n')).toBe(true)
    expect(chunks.at(-2)).toMatch(/^\r100% \[=+\] 4\.0MiB \/ 4\.0MiB/)
    expect(chunks.at(-1)).toBe('\n')
  })
})
