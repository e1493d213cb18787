/**
 * MinIO's ellipsis notation for drive lists: `/data{1...8}` stands for `/data1` … `/data8`.
 * Three dots on purpose: shells expand `{1..8}` themselves (in an order of their own), so two
 * dots are refused rather than passed through. Decimal ranges only; a start written with a
 * leading zero pads every number to the end's width (`{01...16}` → `01` … `16`), as MinIO does.
 */

/** The most paths one argument may expand to (a typo such as `{1...100000}` fails fast). */
export const MAX_EXPANDED_PATHS = 1024

const RANGE = /^(\d+)\.\.\.(\d+)$/
const BRACES = /\{([^{}]*)\}/g

/** An argument whose ellipsis is malformed; the message names the argument and the problem. */
export class EllipsisError extends Error {
  override name = 'EllipsisError'
}

/**
 * Expands every `{N...M}` in `arg`; several ellipses give their cartesian product, the leftmost
 * varying slowest. An argument without ellipses comes back alone. Throws EllipsisError for a
 * malformed range (`{1...}`, `{3...1}`, `{1..4}`, `{a...c}`) or an unbalanced brace around dots.
 * @example
 * expandEllipses('/mnt/disk{1...2}/d{1...2}') // ['/mnt/disk1/d1', '/mnt/disk1/d2', '/mnt/disk2/d1', '/mnt/disk2/d2']
 */
export function expandEllipses(arg: string): string[] {
  // Literal text and the number lists between them, alternating: [text, numbers, text, ...].
  const literals: string[] = []
  const ranges: string[][] = []
  let last = 0
  for (const match of arg.matchAll(BRACES)) {
    const body = match[1]!
    if (!body.includes('..')) continue // `{x}` is part of a path, not an ellipsis
    literals.push(arg.slice(last, match.index))
    ranges.push(parseRange(arg, match[0]))
    last = match.index + match[0].length
  }
  literals.push(arg.slice(last))
  // Dots left outside a `{...}` group are an ellipsis missing a brace (`/d{1...8`, `/d1...8}`).
  if (literals.some((text) => text.includes('...'))) {
    throw new EllipsisError(`'${arg}': an ellipsis needs braces on both sides, as {1...8}`)
  }
  const total = ranges.reduce((n, values) => n * values.length, 1)
  if (total > MAX_EXPANDED_PATHS) {
    throw new EllipsisError(`'${arg}' expands to ${total} paths; at most ${MAX_EXPANDED_PATHS} are allowed`)
  }
  let paths = [literals[0]!]
  ranges.forEach((values, i) => {
    paths = paths.flatMap((prefix) => values.map((value) => `${prefix}${value}${literals[i + 1]}`))
  })
  return paths
}

/**
 * Expands every argument in order (see `expandEllipses`).
 * @example
 * expandEllipsesAll(['/a{1...2}', '/b']) // ['/a1', '/a2', '/b']
 */
export function expandEllipsesAll(args: readonly string[]): string[] {
  return args.flatMap(expandEllipses)
}

function parseRange(arg: string, group: string): string[] {
  const match = RANGE.exec(group.slice(1, -1))
  if (!match) {
    throw new EllipsisError(
      `'${arg}': ${group} is not a range; write two decimal numbers around three dots, as {1...8}`,
    )
  }
  const [, startText, endText] = match as unknown as [string, string, string]
  const start = Number(startText)
  const end = Number(endText)
  if (start > end) {
    throw new EllipsisError(`'${arg}': ${group} counts down; the start must not be greater than the end`)
  }
  if (end - start + 1 > MAX_EXPANDED_PATHS) {
    throw new EllipsisError(
      `'${arg}': ${group} has ${end - start + 1} values; at most ${MAX_EXPANDED_PATHS} are allowed`,
    )
  }
  // MinIO pads when the start is written with a leading zero, to the end's width.
  const width = startText.length > 1 && startText.startsWith('0') ? endText.length : 0
  const values: string[] = []
  for (let n = start; n <= end; n++) values.push(String(n).padStart(width, '0'))
  return values
}
