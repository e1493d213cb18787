/**
 * ANSI colours, on only when the stream is a terminal and neither `--no-color` nor `NO_COLOR`
 * (https://no-color.org: any non-empty value) says otherwise. A dozen lines need no dependency.
 */

/** The colour functions the CLI uses; identity functions when colour is off. */
export interface Palette {
  bold(text: string): string
  dim(text: string): string
  green(text: string): string
  yellow(text: string): string
  red(text: string): string
  cyan(text: string): string
}

const ANSI: Record<keyof Palette, [number, number]> = {
  bold: [1, 22],
  dim: [2, 22],
  green: [32, 39],
  yellow: [33, 39],
  red: [31, 39],
  cyan: [36, 39],
}

/**
 * Whether to colour output written to `stream`.
 * @example
 * useColor(process.stdout, { color: true }, process.env) // false when piped
 */
export function useColor(
  stream: { isTTY?: boolean },
  options: { color: boolean },
  env: NodeJS.ProcessEnv,
): boolean {
  return options.color && !env.NO_COLOR && stream.isTTY === true && env.TERM !== 'dumb'
}

/**
 * Builds the palette.
 * @example
 * createPalette(true).green('ok') // '\x1b[32mok\x1b[39m'
 */
export function createPalette(enabled: boolean): Palette {
  const make = ([open, close]: [number, number]) =>
    enabled ? (text: string) => `\x1b[${open}m${text}\x1b[${close}m` : (text: string) => text
  return Object.fromEntries(
    Object.entries(ANSI).map(([name, codes]) => [name, make(codes)]),
  ) as unknown as Palette
}
