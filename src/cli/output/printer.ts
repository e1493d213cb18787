/**
 * Where command results go: one text line each, or (with `--json`) one JSON object per line with
 * a `status` field, as the seed's list outputs have. `--quiet` silences text results but never
 * JSON (asking for JSON is asking for output) and never errors.
 */
import type { Writable } from 'node:stream'
import { createPalette, type Palette } from './colors.js'
import { printable } from './terminal-text.js'

/** How the printer writes. */
export interface PrinterOptions {
  json: boolean
  quiet: boolean
  color: boolean
  stdout: Writable
  stderr: Writable
}

/**
 * Prints results and notes for one command run.
 * @example
 * const out = new Printer({ json: false, quiet: false, color: false, stdout: process.stdout, stderr: process.stderr })
 * out.result('Bucket created successfully `local/photos`.', { bucket: 'local/photos' })
 */
export class Printer {
  readonly json: boolean
  readonly quiet: boolean
  readonly colors: Palette
  readonly stdout: Writable
  readonly stderr: Writable

  constructor(options: PrinterOptions) {
    this.json = options.json
    this.quiet = options.quiet
    this.colors = createPalette(options.color)
    this.stdout = options.stdout
    this.stderr = options.stderr
  }

  /**
   * One result: `text` in text mode (lines joined by newlines), `{status:'success', ...record}`
   * in JSON mode.
   * @example
   * out.result('a.txt', { key: 'a.txt', size: 5 })
   */
  result(text: string, record: Record<string, unknown>): void {
    if (this.json) this.stdout.write(`${JSON.stringify({ status: 'success', ...record })}\n`)
    else if (!this.quiet) this.stdout.write(`${text}\n`)
  }

  /**
   * A name (an object key, a path) as a text result shows it: on a terminal every control
   * character becomes `?`, so a key cannot drive the user's terminal (as `ls` shows keys);
   * piped output keeps it as it is, for scripts, and JSON records should carry the raw name.
   * @example
   * out.name('evil\x1b[2J') // 'evil?[2J' on a terminal
   */
  name(text: string): string {
    return (this.stdout as { isTTY?: boolean }).isTTY === true ? printable(text) : text
  }

  /**
   * A note for people (a warning, a hint) on stderr; silent with `--json` or `--quiet`.
   * @example
   * out.note('restart the server to apply the new configuration')
   */
  note(text: string): void {
    if (!this.json && !this.quiet) this.stderr.write(`${text}\n`)
  }
}
