/**
 * Arbitraries for parser property tests: hostile text, and mutations of a valid input (a slice
 * dropped, duplicated, replaced or the whole cut short), so most cases get past the first
 * check of a parser and into its deeper branches, where random garbage never reaches.
 */
import fc from 'fast-check'

/** Tokens that break parsers: delimiters, huge and negative numbers, markup, escapes, unicode. */
export const NASTY_TOKENS = [
  '',
  ' ',
  '\t',
  '\r\n',
  '\n',
  '\r\n\r\n',
  '\u0000',
  '\u00ff',
  '\u0085',
  '\u2028',
  '\ufeff',
  '\ud800',
  '\udfff',
  '😀',
  'é',
  '0',
  '-1',
  '-0',
  '1e400',
  '9'.repeat(25),
  'ffffffffffffffff',
  'fffffffffffffffff',
  '0x10',
  'NaN',
  'Infinity',
  '=',
  '==',
  ',',
  ';',
  ':',
  '/',
  '//',
  '..',
  '%',
  '%zz',
  '%00',
  '%ED%A0%80',
  '%C0%AF',
  '+',
  '&',
  '?',
  '*',
  '${',
  '\\',
  '\\u',
  '"',
  "'",
  '<',
  '>',
  '</',
  '/>',
  '<!--',
  '<![CDATA[',
  ']]>',
  '&amp;',
  '&lt;',
  '&#0;',
  '&#xD800;',
  '&#99999999;',
  '&unknown;',
  '<?xml version="1.0"?>',
  '<!DOCTYPE x [<!ENTITY e "eeeeeeeeee">]>',
  '<!DOCTYPE x SYSTEM "file:///etc/passwd">',
  '<!ENTITY e SYSTEM "http://127.0.0.1/">',
  '&e;',
  '<a:b xmlns:a="x">',
  '<x>',
  '</x>',
  '{',
  '}',
  '[',
  ']',
  'null',
  'true',
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
]

/** Text a hostile client might send: anything, with the tokens above over-represented. */
export function nastyText(maxLength = 40): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...NASTY_TOKENS) },
    { weight: 2, arbitrary: fc.string({ maxLength, unit: 'binary' }) },
    { weight: 2, arbitrary: fc.string({ maxLength }) },
    { weight: 1, arbitrary: fc.stringMatching(/^[0-9]{1,30}$/) },
    {
      weight: 1,
      arbitrary: fc
        .array(fc.constantFrom(...NASTY_TOKENS), { minLength: 1, maxLength: 6 })
        .map((parts) => parts.join('')),
    },
  )
}

/** Text as Node hands over a header value or request target: one byte per character (latin1). */
export function latin1Text(maxLength = 40): fc.Arbitrary<string> {
  return nastyText(maxLength).map((s) => Buffer.from(s, 'utf8').toString('latin1'))
}

type Edit = (s: string) => string

/** One edit of a string at positions drawn as fractions of its length. */
function edit(insert: fc.Arbitrary<string>): fc.Arbitrary<Edit> {
  const at = fc.double({ min: 0, max: 1, noNaN: true })
  const pos = (s: string, f: number) => Math.min(s.length, Math.floor(f * (s.length + 1)))
  const range = (s: string, a: number, b: number) => {
    const [i, j] = [pos(s, a), pos(s, b)].sort((x, y) => x - y) as [number, number]
    return [i, j] as const
  }
  return fc.oneof(
    // Drop a slice (a field, a delimiter, half an element).
    fc.tuple(at, at).map(
      ([a, b]): Edit =>
        (s) => {
          const [i, j] = range(s, a, b)
          return s.slice(0, i) + s.slice(j)
        },
    ),
    // Duplicate a slice in place (a field given twice, an element repeated).
    fc.tuple(at, at).map(
      ([a, b]): Edit =>
        (s) => {
          const [i, j] = range(s, a, b)
          return s.slice(0, j) + s.slice(i, j) + s.slice(j)
        },
    ),
    // Cut short.
    at.map(
      (a): Edit =>
        (s) =>
          s.slice(0, pos(s, a)),
    ),
    // Insert hostile text.
    fc.tuple(at, insert).map(
      ([a, t]): Edit =>
        (s) =>
          s.slice(0, pos(s, a)) + t + s.slice(pos(s, a)),
    ),
    // Replace a slice with hostile text.
    fc.tuple(at, at, insert).map(
      ([a, b, t]): Edit =>
        (s) => {
          const [i, j] = range(s, a, b)
          return s.slice(0, i) + t + s.slice(j)
        },
    ),
    // Repeat a slice many times (deep nesting, a huge list, a long line).
    fc.tuple(at, at, fc.integer({ min: 2, max: 200 })).map(
      ([a, b, n]): Edit =>
        (s) => {
          const [i, j] = range(s, a, b)
          return s.slice(0, i) + s.slice(i, j).repeat(n) + s.slice(j)
        },
    ),
  )
}

/**
 * A valid input after 1-4 random edits (it may, rarely, still be valid). `insert` is the text
 * edits may add; hostile text by default.
 *
 * @example fc.assert(fc.property(mutationOf(validHeader), (h) => { ... }))
 */
export function mutationOf(valid: string, insert: fc.Arbitrary<string> = nastyText()): fc.Arbitrary<string> {
  return fc
    .array(edit(insert), { minLength: 1, maxLength: 4 })
    .map((edits) => edits.reduce((s, e) => e(s), valid))
}

/** Either a mutation of one of `valid`, or plain hostile text. */
export function hostileVariantOf(...valid: string[]): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...valid).chain((v) => mutationOf(v)) },
    { weight: 1, arbitrary: nastyText(200) },
  )
}

/**
 * `text` as latin1 (one byte per character) without the control characters Node's HTTP client
 * refuses in a header value (tab is allowed), so it can go out through `http.request`.
 */
export function toHeaderValue(text: string): string {
  let out = ''
  for (const c of Buffer.from(text, 'utf8').toString('latin1')) {
    const code = c.charCodeAt(0)
    if (code === 0x09 || (code >= 0x20 && code !== 0x7f)) out += c
  }
  return out
}

/** Percent-encodes every byte of `text`'s UTF-8 form except A-Z a-z 0-9 - _ . ~ (any string, even a lone surrogate). */
export function percentEncode(text: string): string {
  let out = ''
  for (const byte of Buffer.from(text, 'utf8')) {
    const c = String.fromCharCode(byte)
    out += /[A-Za-z0-9\-_.~]/.test(c) ? c : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`
  }
  return out
}
