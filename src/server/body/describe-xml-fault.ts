/**
 * The words of a MalformedXML answer, from a saxes error and the body it read. saxes names the
 * rule a document broke ("undefined entity.", "unquoted attribute value."), and at the end of
 * the input it names only the element left open, even when the document really ends inside a
 * comment or an `&` with no `;`: so the answer quotes the body where parsing stopped and names
 * what was left unfinished. Only the message comes from here; the code is MalformedXML whatever
 * it says.
 */

/** Where the parse of `text` stopped and what was being read there. */
export interface XmlFault {
  /** The whole body. */
  text: string
  /** The position saxes had reached when it failed. */
  at: number
  /** Where the last complete construct (tag, text, comment...) ended: the unfinished one follows. */
  from: number
  /** True when the input ran out (saxes failed in `close`). */
  atEnd: boolean
  /** The start tag whose attributes were being read, if any. */
  openTag: string | undefined
  /** The element the last end tag closed (saxes closes it before saying the name differs). */
  closed: string | undefined
}

type Describe = (fault: XmlFault, match: RegExpExecArray) => string

// saxes 6 messages (without their "line:column: " prefix), in the words of an S3 answer.
const MESSAGES: Array<[RegExp, Describe]> = [
  [/^document must contain a root element/, () => 'there is no root element'],
  [/^unclosed tag: (.*)/, (_, m) => `<${m[1]}> is never closed`],
  [/^unexpected close tag/, (f) => `${endTagAt(f)} closes <${f.closed}>`],
  [/^unmatched closing tag: (.*)\.$/, (_, m) => `</${m[1]}> closes no element`],
  [/^documents may contain only one root/, () => 'an element follows the root element'],
  [/^text data outside of root node/, textOutsideRoot],
  [
    /entity name|^undefined entity|^empty entity/,
    (f) => `${quote(f.text, refStart(f))} is not an entity reference (write &amp; for &)`,
  ],
  [/^malformed character entity/, (f) => `${excerpt(f.text, refStart(f), f.at)} is not a character`],
  [/^duplicate attribute: (.*)\.$/, (f, m) => `<${f.openTag}> repeats the attribute ${m[1]}`],
  [
    /^disallowed character in tag name/,
    (f) => `${quote(f.text, f.text.lastIndexOf('<', f.at - 1))} is not a tag`,
  ],
  [
    /XML declaration must (be|appear) at the start/,
    () => 'the XML declaration is not at the start of the document',
  ],
  [/^incorrect syntax|^inappropriately located doctype/, declaration],
  [/^disallowed character\.$/, (f) => `the character ${codePointAt(f)} is not allowed in XML`],
  [/^malformed comment/, () => 'a comment holds "--" or ends in "-"'],
  [/"\]\]>" is disallowed/, () => '"]]>" appears in text'],
]

/**
 * The fault's description for `message`, the error saxes threw.
 *
 * @example describeXmlFault('1:12: undefined entity.', fault) // "'&foo;' is not an entity reference ..."
 */
export function describeXmlFault(message: string, fault: XmlFault): string {
  const rule = message.replace(/^\d+:\d+: /, '')
  if (fault.atEnd) {
    const unfinished = describeUnfinished(fault)
    if (unfinished) return unfinished
  }
  if (fault.openTag !== undefined && !rule.startsWith('duplicate attribute')) {
    // Inside a start tag: an unquoted value, a stray character, a missing `>`.
    return `the tag <${fault.openTag}> is not closed properly (${rule.replace(/\.$/, '')})`
  }
  for (const [pattern, describe] of MESSAGES) {
    const match = pattern.exec(rule)
    if (match) return describe(fault, match)
  }
  return rule.replace(/\.$/, '')
}

/**
 * What runs on past `limit` characters from `from` without ending, inside `element` (a text, a
 * comment, a DOCTYPE...).
 *
 * @example describeLongRun('<A>yyyy…', 3, 'A', 65536) // 'the text of <A> is longer than 65536 characters'
 */
export function describeLongRun(
  text: string,
  from: number,
  element: string | undefined,
  limit: number,
): string {
  if (/^<!doctype/i.test(text.slice(from, from + 9))) return 'DOCTYPE declarations are not allowed'
  const what = text.startsWith('<!--', from)
    ? 'a comment'
    : text.startsWith('<?', from)
      ? 'a processing instruction'
      : element === undefined
        ? 'the text outside the root element'
        : `the text of <${element}>`
  return `${what} is longer than ${limit} characters`
}

// A reference saxes resolves: a name (predefined entities only; others fail as undefined) or a
// character number.
const REFERENCE = /&(?:[^\s&;<]+);/y
const MARKUP = /[&<]/g

/** What the input ended inside of, read from the end of the last complete construct. */
function describeUnfinished({ text, from, openTag }: XmlFault): string | undefined {
  if (openTag !== undefined) return `the tag <${openTag}> is never closed with >`
  MARKUP.lastIndex = from
  for (let hit = MARKUP.exec(text); hit; hit = MARKUP.exec(text)) {
    if (hit[0] === '<') return describeOpener(text, hit.index)
    REFERENCE.lastIndex = hit.index
    if (!REFERENCE.test(text))
      return `${quote(text, hit.index)} is not an entity reference (write &amp; for &)`
    MARKUP.lastIndex = REFERENCE.lastIndex
  }
  return undefined
}

function describeOpener(text: string, at: number): string {
  if (text.startsWith('<!--', at)) return 'a comment is never closed'
  if (text.startsWith('<![CDATA[', at)) return 'a CDATA section is never closed'
  if (text.startsWith('<?', at)) return 'a processing instruction is never closed'
  if (/^<!doctype/i.test(text.slice(at, at + 9))) return 'DOCTYPE declarations are not allowed'
  return `${quote(text, at)} is never closed`
}

function declaration({ text, at }: XmlFault): string {
  const open = text.lastIndexOf('<!', at - 1)
  // A DTD in any spelling: S3 documents never need one, and it is how entity attacks arrive.
  if (/^<!doctype/i.test(text.slice(open, open + 9))) return 'DOCTYPE declarations are not allowed'
  return `${quote(text, open)} is not a comment or CDATA section`
}

function textOutsideRoot({ text, at }: XmlFault): string {
  // saxes reads a CDATA section before the root as text.
  const open = text.lastIndexOf('<', at - 1)
  return open !== -1 && text.startsWith('<![CDATA[', open) && at - open <= 9
    ? 'a CDATA section is outside the root element'
    : 'there is text outside the root element'
}

/** The `&` that starts the reference saxes just rejected. */
function refStart({ text, at }: XmlFault): number {
  return Math.max(0, text.lastIndexOf('&', at - 1))
}

function endTagAt({ text, at }: XmlFault): string {
  return excerpt(text, text.lastIndexOf('</', at - 1), at)
}

/** The body from `start` to `end`, shortened to 40 characters: a message never echoes a body. */
function excerpt(text: string, start: number, end: number): string {
  return end - start > 40 ? `${text.slice(start, start + 40)}…` : text.slice(start, end)
}

function codePointAt({ text, at }: XmlFault): string {
  const code = text.codePointAt(Math.max(0, at - 1)) ?? 0
  return `U+${code.toString(16).toUpperCase().padStart(4, '0')}`
}

/** Up to 12 characters of the body from `at`, to the next tag, as a quote. */
function quote(text: string, at: number): string {
  const next = text.indexOf('<', at + 1)
  return `'${text.slice(at, Math.min(at + 12, next === -1 ? text.length : next))}'`
}
