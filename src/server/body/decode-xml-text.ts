import { S3ServerError } from '../errors.js'

const NAMED: Readonly<Record<string, string>> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" }
// XML's five predefined entities and character references; nothing else (no DTD, so no others).
const REFERENCE = /&(?:(lt|gt|amp|quot|apos)|#([0-9]{1,7})|#x([0-9A-Fa-f]{1,6}));/y

/**
 * Replaces the entity and character references of XML text (`&amp;`, `&#x41;`); MalformedXML
 * for an `&` that starts none of them, or a reference to no character.
 *
 * @example decodeXmlText('a &amp; b') // 'a & b'
 */
export function decodeXmlText(raw: string): string {
  let amp = raw.indexOf('&')
  if (amp === -1) return raw
  let out = ''
  let last = 0
  while (amp !== -1) {
    out += raw.slice(last, amp)
    REFERENCE.lastIndex = amp
    const match = REFERENCE.exec(raw)
    if (!match) {
      throw new S3ServerError(
        'MalformedXML',
        `The XML you provided was not well-formed: '${raw.slice(amp, amp + 12)}' is not an entity reference (write &amp; for &).`,
      )
    }
    out += match[1]
      ? NAMED[match[1]]
      : character(match[2] ? Number(match[2]) : Number.parseInt(match[3]!, 16))
    last = REFERENCE.lastIndex
    amp = raw.indexOf('&', last)
  }
  return out + raw.slice(last)
}

function character(code: number): string {
  if (code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) {
    throw new S3ServerError(
      'MalformedXML',
      `The XML you provided was not well-formed: &#${code}; is not a character.`,
    )
  }
  return String.fromCodePoint(code)
}
