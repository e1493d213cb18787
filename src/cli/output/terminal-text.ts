/**
 * Text bound for a terminal line: names made safe to print (an object key may hold control
 * characters, and an escape sequence in a key must not drive the user's terminal) and fitted to
 * a width in terminal columns.
 */

// C0 controls, DEL and C1 controls (Unicode's Cc): none of them prints as itself.
const CONTROL = /\p{Cc}/gu

/**
 * `text` with every control character shown as `?`.
 * @example
 * printable('a\x1b[2Jb') // 'a?[2Jb'
 */
export function printable(text: string): string {
  return text.replace(CONTROL, '?')
}

/**
 * Columns a code point takes, erring wide: everything from U+1100 up (where the wide CJK,
 * Hangul and emoji ranges live) counts as two, so a fitted line never wraps and breaks the
 * in-place redraw.
 */
function columnsOf(char: string): number {
  return char.codePointAt(0)! >= 0x1100 ? 2 : 1
}

/**
 * Columns `text` takes on a terminal (at most; see `columnsOf`).
 * @example
 * displayWidth('cat.jpg') // 7
 */
export function displayWidth(text: string): number {
  let width = 0
  for (const char of text) width += columnsOf(char)
  return width
}

/**
 * `text` in exactly `width` columns: padded with spaces, or cut at the start behind `...` so the
 * end (a file's name) stays in view, as mc's progress caption.
 * @example
 * fitLeft('local/photos/2026/cat.jpg', 12) // '...6/cat.jpg'
 * fitLeft('a.txt', 8) // 'a.txt   '
 */
export function fitLeft(text: string, width: number): string {
  const total = displayWidth(text)
  if (total <= width) return text + ' '.repeat(width - total)
  const chars = [...text]
  let kept = ''
  let used = 3
  for (let i = chars.length - 1; i >= 0 && used + columnsOf(chars[i]!) <= width; i--) {
    kept = chars[i]! + kept
    used += columnsOf(chars[i]!)
  }
  return `${'...'.slice(0, width)}${kept}${' '.repeat(Math.max(0, width - used))}`
}
