import { describe, expect, it } from 'vitest'
import { ProgressBar, wantsProgress } from '../../../src/cli/output/progress-bar.js'
import { displayWidth, fitLeft, printable } from '../../../src/cli/output/terminal-text.js'
import { createCapturingStream } from '../helpers/capturing-stream.js'

const sink = (isTTY: boolean) => createCapturingStream(isTTY, 80)

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
    expect(line).toMatch(/^ 25% \[=+> *\] {2}1\.0MiB \/ 4\.0MiB {2}1\.0MiB\/s$/)
    expect(line.length).toBeLessThanOrEqual(60)
    now = 2000
    bar.add(3 * 1024 * 1024)
    bar.finish()
    expect(chunks.every((chunk) => chunk.startsWith('\r') || chunk === '\n')).toBe(true)
    expect(chunks.at(-2)).toMatch(/^\r100% \[=+\] {2}4\.0MiB \/ 4\.0MiB/)
    expect(chunks.at(-1)).toBe('\n')
  })

  it('names the file at the start of the line, cut from the left to a quarter of the width', () => {
    let now = 0
    const { stream, chunks } = sink(true)
    const bar = new ProgressBar(stream, 100, () => now)
    bar.label('local/photos/2026/holiday/cat.jpg')
    expect(chunks).toHaveLength(1)
    const line = bar.render(80)
    expect(line).toMatch(/^\.\.\.6\/holiday\/cat\.jpg {3}0% \[> *\] {6}0B \/ 100B/)
    expect(line.length).toBeLessThanOrEqual(80)
    bar.label('b.txt')
    expect(bar.render(80)).toMatch(/^b\.txt {18}0% /)
    now = 200
    bar.add(100)
    // Drawn 79 columns wide on an 80-column terminal; the erase-to-end-of-line code follows.
    expect(chunks.at(-1)).toMatch(/^\rb\.txt {15}100% /)
    expect(chunks.at(-1)?.endsWith('\x1b[K')).toBe(true)
  })

  it('shows control characters in a name as ? and keeps wide names within the line', () => {
    const { stream } = sink(true)
    const bar = new ProgressBar(stream, 10)
    bar.label('evil\x1b[2J\r.txt')
    expect(bar.render(80)).toMatch(/^evil\?\[2J\?\.txt +0% /)
    bar.label('写真/'.repeat(20))
    expect(displayWidth(bar.render(80))).toBeLessThanOrEqual(80)
  })
})

describe('terminal text', () => {
  it.each([
    ['a.txt', 8, 'a.txt   '],
    ['local/photos/2026/cat.jpg', 12, '...6/cat.jpg'],
    ['abc', 3, 'abc'],
    ['abcdef', 3, '...'],
    ['写真.jpg', 7, '....jpg'],
    ['写真.jpg', 8, '写真.jpg'],
    ['写真.jpg', 10, '写真.jpg  '],
  ])('fitLeft(%j, %i) is %j', (text, width, fitted) => {
    expect(fitLeft(text, width)).toBe(fitted)
    expect(displayWidth(fitLeft(text, width))).toBe(width)
  })

  it('printable replaces C0, DEL and C1 controls and keeps the rest', () => {
    expect(printable('a\tb\nc\u007fd\u009be写')).toBe('a?b?c?d?e写')
  })
})
