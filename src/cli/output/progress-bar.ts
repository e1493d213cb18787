/**
 * A one-line transfer progress bar, redrawn in place at most ten times a second. Shown only when
 * the output is a terminal and neither `--quiet` nor `--json` is set (`wantsProgress`).
 */
import type { Writable } from 'node:stream'
import { formatSize } from './format-size.js'

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

/**
 * Progress of one or more transfers against a total byte count.
 * @example
 * const bar = new ProgressBar(process.stdout, total)
 * bar.add(chunk.length)
 * bar.finish()
 */
export class ProgressBar {
  private done = 0
  private lastDraw = 0
  private readonly started: number

  constructor(
    private readonly stream: MaybeTTY,
    private total: number,
    private readonly now: () => number = Date.now,
  ) {
    this.started = now()
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
   * The bar's text for the current state and a line `width`.
   * @example
   * bar.render(80) // ' 45% [=========>           ] 12.3MiB / 27.0MiB  5.1MiB/s'
   */
  render(width: number): string {
    const fraction = this.total > 0 ? Math.min(1, this.done / this.total) : 1
    const seconds = Math.max((this.now() - this.started) / 1000, 0.001)
    const rate = `${formatSize(this.done / seconds)}/s`
    const figures = ` ${formatSize(this.done)} / ${formatSize(this.total)}  ${rate}`
    const percent = `${Math.floor(fraction * 100)}%`.padStart(4)
    const barWidth = Math.max(10, width - figures.length - percent.length - 4)
    const filled = Math.floor(fraction * barWidth)
    const head = filled < barWidth ? '>' : ''
    const bar = `${'='.repeat(filled)}${head}`.padEnd(barWidth)
    return `${percent} [${bar}]${figures}`
  }

  private draw(): void {
    this.lastDraw = this.now()
    this.stream.write(`\r${this.render(Math.min(this.stream.columns || 80, 100) - 1)}`)
  }
}
