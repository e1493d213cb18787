/**
 * Byte counts in binary units, the way mc (through go-humanize's IBytes) prints them, so scripts
 * and eyes used to mc read ours the same: one decimal below 10 of a unit, none above.
 */

const UNITS = ['B', 'KiB', 'MiB', 'GiB', 'TiB', 'PiB', 'EiB']

/**
 * Formats a byte count in binary units; `spaced` puts a space before the unit (`admin info`),
 * the default packs it (`ls`, `1.2KiB`).
 * @example
 * formatSize(1234) // '1.2KiB'
 * formatSize(0) // '0B'
 * formatSize(5 * 1024 ** 3, { spaced: true }) // '5.0 GiB'
 */
export function formatSize(bytes: number, options: { spaced?: boolean } = {}): string {
  const gap = options.spaced ? ' ' : ''
  if (!Number.isFinite(bytes) || bytes < 10) return `${Math.max(0, Math.trunc(bytes) || 0)}${gap}B`
  const exponent = Math.min(Math.floor(Math.log(bytes) / Math.log(1024)), UNITS.length - 1)
  const value = Math.floor((bytes / 1024 ** exponent) * 10 + 0.5) / 10
  const digits = value < 10 ? 1 : 0
  return `${value.toFixed(digits)}${gap}${UNITS[exponent]}`
}
