/**
 * A one-line transfer progress bar: the file being copied, percent, bar, bytes and rate, redrawn
 * in place at most ten times a second (and at once when the file changes). Shown only when the
 * output is a terminal and neither `--quiet` nor `--json` is set (`wantsProgress`).
 *
 * Hand-written rather than a library (cli-progress): one line with a caption is all the CLI
 * draws, and this keeps the CLI free of the dependency and its string-width chain.
 */
import type { Writable } from 'node:stream'
import { formatSize } from './format-size.js'
import { displayWidth, fitLeft, printable } from './terminal-text.js'

/** A stream that may be a terminal. */
export type MaybeTTY = Writable & { isTTY?: boolean; columns?: number }

/**
 * Whether a transfer should draw a bar.
 * @example
 * wantsProgress(process.stdout, { quiet: false, json: false })
 */
export function wantsProgress(stream: MaybeTTY, flags: { quiet: boolean; json: boolean }): boolean {
  return stream.isTTY === true && !flags.quiet && !flags.json
}

// ANSI "erase to the end of the line": a redraw shorter than the last leaves nothing behind.
const ERASE_REST = '\x1b[K'

/**
 * Progress of one or more transfers against a total byte count.
 * @example
 * const bar = new ProgressBar(process.stdout, total)
 * bar.label('photos/cat.jpg')
 * bar.add(chunk.length)
 * bar.finish()
 */
export class ProgressBar {
  private done = 0
  private lastDraw = 0
  private caption = ''
  private readonly started: number

  constructor(
    private readonly stream: MaybeTTY,
    private total: number,
    private readonly now: () => number = Date.now,
  ) {
    this.started = now()
  }

  /**
   * Names what is being transferred now (shown at the start of the line) and redraws.
   * @example
   * bar.label('local/photos/cat.jpg')
   */
  label(name: string): void {
    this.caption = printable(name)
    this.draw()
  }

  /**
   * Counts transferred bytes and redraws when due.
   * @example
   * bar.add(65536)
   */
  add(bytes: number): void {
    this.done += bytes
    if (this.now() - this.lastDraw >= 100) this.draw()
  }

  /**
   * Grows the total (when sizes become known during the run).
   * @example
   * bar.grow(stat.size)
   */
  grow(bytes: number): void {
    this.total += bytes
  }

  /**
   * Draws the final state and ends the line.
   * @example
   * bar.finish()
   */
  finish(): void {
    this.draw()
    this.stream.write('\n')
  }

  /**
   * The bar's text for the current state and a line `width`; the caption takes about a quarter.
   * @example
   * bar.render(80) // 'cat.jpg              45% [=========>           ]  12MiB / 27MiB   5.1MiB/s'
   */
  render(width: number): string {
    const fraction = this.total > 0 ? Math.min(1, this.done / this.total) : 1
    const seconds = Math.max((this.now() - this.started) / 1000, 0.001)
    // Fixed widths (a size is at most 7 characters, 1023KiB), so the bar does not twitch.
    const rate = `${formatSize(this.done / seconds)}/s`.padStart(9)
    const figures = ` ${formatSize(this.done).padStart(7)} / ${formatSize(this.total)} ${rate}`
    const percent = `${Math.floor(fraction * 100)}%`.padStart(4)
    const caption =
      this.caption === '' ? '' : `${fitLeft(this.caption, Math.max(10, Math.floor(width / 4)))} `
    const fixed = displayWidth(caption) + percent.length + figures.length + 3
    const barWidth = Math.max(10, width - fixed)
    const filled = Math.floor(fraction * barWidth)
    const head = filled < barWidth ? '>' : ''
    const bar = `${'='.repeat(filled)}${head}`.padEnd(barWidth)
    return `${caption}${percent} [${bar}]${figures}`
  }

  private draw(): void {
    this.lastDraw = this.now()
    this.stream.write(`\r${this.render(Math.min(this.stream.columns || 80, 120) - 1)}${ERASE_REST}`)
  }
}
