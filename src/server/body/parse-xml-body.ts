import { setImmediate } from 'node:timers/promises'
import { SaxesParser, type SaxesTagPlain } from 'saxes'
import { S3ServerError } from '../errors.js'
import { describeLongRun, describeXmlFault } from './describe-xml-fault.js'

/**
 * The XML request bodies of S3 (Delete, CompleteMultipartUpload, CreateBucketConfiguration,
 * NotificationConfiguration) are read with saxes, a strict streaming XML parser, fed a slice at
 * a time with the event loop handed back in between, rather than with fast-xml-parser (which
 * the SDK uses for answers): fast-xml-parser takes a whole document in one synchronous call and
 * cannot be fed in parts, and every body here comes from the network (issue 12, defect 5).
 * Measured on this machine, warm: fast-xml-parser held the loop ~93 ms for a legitimate
 * 10,000-part Complete (1.2 MiB), ~115 ms for 64 K empty elements (256 KiB) and 2.6 s for an
 * 8 MiB body of 2 M empty elements. Here the handlers below stop at the document's element,
 * depth, tag and text limits, refuse any DTD (saxes expands only XML's predefined entities and
 * character references, so no entity is ever defined, let alone an external one), and the loop
 * is given back every 64 KiB or 2,048 events (tags, attributes, texts, references). saxes costs
 * more CPU than the reader of our own it replaced (measured, CPU time: 44 ms for a 10,000-part
 * Complete, 0.85 MiB, against 10 ms; 283 ms against 62 ms for 1,000 keys of 1,024 `&quot;`,
 * 5.9 MiB), but no slice of either took more than 1.5 ms, nor more than ~3.5 ms for any body
 * tried (text dense with `&#x1F600;`, 8 KiB attribute lists, comments).
 */

/** A parsed element: its text, or its child elements by local name (`'#text'`: mixed text). */
export type XmlValue = string | XmlElement
/** Child elements by local name; a name seen twice (or listed as repeated) holds an array. */
export interface XmlElement {
  [name: string]: XmlValue | XmlValue[]
}

/** The bounds of one kind of document, S3's limits for it. */
export interface XmlLimits {
  /** Most elements (start tags) the document may hold. */
  maxElements: number
  /** Deepest nesting of elements, the root being 1; default 16 (S3 documents need 6). */
  maxDepth?: number
}

/** Options of `parseXmlBody`. */
export interface ParseXmlOptions extends XmlLimits {
  /** Elements that may repeat: always arrays, so one and many read the same way. */
  repeated?: ReadonlySet<string>
  /** Hands the event loop back between slices; default: the next `setImmediate`. */
  yieldToLoop?: () => Promise<unknown>
}

/** A parsed document: the local name of its root element and the root's content. */
export interface XmlDocument {
  root: string
  content: XmlValue
}

/** Input characters per slice before the loop is given back. */
export const SLICE_CHARS = 64 * 1024
/**
 * Parser events per slice (start and end tags, attributes, texts, comments, and references
 * such as `&amp;`): 64 KiB of `<a/>` is 32 K events.
 */
export const SLICE_TOKENS = 2048
// saxes is written to in pieces this long, so a slice ends within one piece of its bounds (a
// piece of dense markup is at most ~2 K events).
const PIECE_CHARS = 4 * 1024
// A start tag with its attributes; S3's longest (a root with xmlns) is ~100 characters.
const MAX_TAG = 8 * 1024
// The text of one element; S3's longest values (a 1,024-byte key, fully escaped) are ~6 KiB.
const MAX_TEXT = 64 * 1024
const DEFAULT_MAX_DEPTH = 16

/**
 * Parses an XML request body into its root's content: an element holding only text becomes
 * that text (`<Key>a</Key>` → `'a'`, `<Quiet/>` → `''`), one with children an object of them by
 * local name (namespace prefixes and attributes dropped). Anything else is a 400 MalformedXML
 * naming the fault: not well-formed, a DOCTYPE, more elements or depth than `options` allow.
 *
 * @example
 * const { root, content } = await parseXmlBody(text, { maxElements: 6002, repeated: new Set(['Object']) })
 */
export async function parseXmlBody(text: string, options: ParseXmlOptions): Promise<XmlDocument> {
  const reader = new XmlBodyReader(text, options)
  const yieldToLoop = options.yieldToLoop ?? (() => setImmediate())
  while (!reader.runSlice()) await yieldToLoop()
  return reader.document()
}

interface Frame {
  qname: string
  name: string
  text: string
  children: XmlElement | undefined
}

const WHITESPACE = /^[ \t\r\n]*$/

class XmlBodyReader {
  readonly #text: string
  readonly #options: ParseXmlOptions
  readonly #maxDepth: number
  readonly #parser = new SaxesParser({ xmlns: false })
  readonly #stack: Frame[] = []
  #pos = 0
  #events = 0
  #elements = 0
  /** Where the last complete construct ended, and the start tag being read since. */
  #mark = 0
  #openTag: { name: string; start: number } | undefined
  #closed: string | undefined
  #result: XmlDocument | undefined

  constructor(text: string, options: ParseXmlOptions) {
    this.#text = text
    this.#options = options
    this.#maxDepth = options.maxDepth ?? DEFAULT_MAX_DEPTH
    const parser = this.#parser
    const done = () => {
      this.#mark = parser.position
      this.#events++
    }
    parser.on('doctype', () => malformed('DOCTYPE declarations are not allowed'))
    parser.on('opentagstart', ({ name }) => this.#startTag(name))
    parser.on('attribute', () => this.#events++)
    parser.on('opentag', (tag) => {
      const start = this.#openTag?.start ?? this.#mark
      this.#openTag = undefined
      this.#openElement(tag, start)
      done()
    })
    parser.on('closetag', ({ name }) => {
      this.#closed = name
      this.#close(this.#stack.pop()!)
      done()
    })
    parser.on('text', (raw) => {
      // saxes reports text on reading the `<` after it: the unfinished construct starts there.
      this.#addText(raw)
      this.#mark = text[parser.position - 1] === '<' ? parser.position - 1 : parser.position
      this.#events++
    })
    parser.on('cdata', (raw) => {
      this.#addText(raw)
      done()
    })
    parser.on('comment', done)
    parser.on('processinginstruction', done)
    parser.on('xmldecl', done)
  }

  /** Parses one slice; true once the whole text is read. */
  runSlice(): boolean {
    const stop = Math.min(this.#text.length, this.#pos + SLICE_CHARS)
    this.#events = 0
    while (this.#pos < stop && this.#events < SLICE_TOKENS) {
      const end = Math.min(stop, this.#pos + PIECE_CHARS)
      this.#write(this.#text.slice(this.#pos, end))
      this.#events += countReferences(this.#text, this.#pos, end)
      this.#pos = end
      this.#checkRun()
    }
    return this.#pos >= this.#text.length
  }

  /** The document, once every slice ran. */
  document(): XmlDocument {
    this.#write(null)
    if (!this.#result) malformed('there is no root element')
    return this.#result
  }

  /** Writes a piece to saxes (`null`: the end); its errors become MalformedXML naming the fault. */
  #write(piece: string | null): void {
    try {
      if (piece === null) this.#parser.close()
      else this.#parser.write(piece)
    } catch (error) {
      if (error instanceof S3ServerError) throw error
      const fault = {
        text: this.#text,
        at: this.#parser.position,
        from: this.#mark,
        atEnd: piece === null,
        openTag: this.#openTag?.name,
        closed: this.#closed,
      }
      malformed(describeXmlFault(error instanceof Error ? error.message : String(error), fault))
    }
  }

  /**
   * Stops a construct that outgrows its limit while it is still being read: saxes reports a text
   * or a tag only once it ends, and one left unended could run through the whole body.
   */
  #checkRun(): void {
    // Between writes saxes's `position` is not kept (it is the index in the piece being read).
    const position = this.#pos
    const tag = this.#openTag
    if (tag && position - tag.start > MAX_TAG)
      malformed(`the tag <${tag.name}> is longer than ${MAX_TAG} characters`)
    if (position - this.#mark > MAX_TEXT) {
      malformed(describeLongRun(this.#text, this.#mark, this.#stack.at(-1)?.qname, MAX_TEXT))
    }
  }

  #startTag(qname: string): void {
    if (this.#result) malformed(`<${qname}> follows the root element`)
    if (++this.#elements > this.#options.maxElements) {
      malformed(`the document has more than ${this.#options.maxElements} elements`)
    }
    if (this.#stack.length >= this.#maxDepth) malformed(`elements nest deeper than ${this.#maxDepth}`)
    this.#openTag = { name: qname, start: this.#text.lastIndexOf('<', this.#parser.position - 1) }
  }

  #openElement({ name: qname }: SaxesTagPlain, start: number): void {
    if (this.#parser.position - start > MAX_TAG) {
      malformed(`the tag <${qname}> is longer than ${MAX_TAG} characters`)
    }
    this.#stack.push({ qname, name: localName(qname), text: '', children: undefined })
  }

  #addText(raw: string): void {
    const frame = this.#stack.at(-1)
    // Outside the root saxes itself refuses anything but whitespace.
    if (!frame) return
    // Whitespace between child elements is layout, not content.
    if (frame.children && WHITESPACE.test(raw)) return
    frame.text += raw
    if (frame.text.length > MAX_TEXT) {
      malformed(`the text of <${frame.qname}> is longer than ${MAX_TEXT} characters`)
    }
  }

  #close(frame: Frame): void {
    let value: XmlValue = frame.text
    if (frame.children) {
      value = frame.children
      if (!WHITESPACE.test(frame.text)) value['#text'] = frame.text
    }
    const parent = this.#stack.at(-1)
    if (!parent) {
      this.#result = { root: frame.name, content: value }
      return
    }
    if (!parent.children) {
      // Null prototype: a child named __proto__ or constructor is just a name.
      parent.children = Object.create(null) as XmlElement
      if (WHITESPACE.test(parent.text)) parent.text = ''
    }
    const siblings = parent.children
    const existing = siblings[frame.name]
    if (this.#options.repeated?.has(frame.name)) {
      if (existing === undefined) siblings[frame.name] = [value]
      else (existing as XmlValue[]).push(value)
    } else if (existing === undefined) {
      siblings[frame.name] = value
    } else if (Array.isArray(existing)) {
      existing.push(value)
    } else {
      siblings[frame.name] = [existing, value]
    }
  }
}

/**
 * The `&` in `text` from `start` to `end`. saxes reports no event for a reference, yet resolving
 * one costs it about half what a tag does (measured: 64 KiB of `&quot;` took 3 ms a slice), so
 * each counts as an event and text dense with them is read in shorter slices.
 */
function countReferences(text: string, start: number, end: number): number {
  let count = 0
  for (let at = text.indexOf('&', start); at !== -1 && at < end; at = text.indexOf('&', at + 1)) count++
  return count
}

/** `s3:Key` → `Key`: S3 matches elements by local name. */
function localName(qname: string): string {
  const colon = qname.lastIndexOf(':')
  return colon === -1 ? qname : qname.slice(colon + 1)
}

function malformed(detail: string): never {
  throw new S3ServerError('MalformedXML', `The XML you provided was not well-formed: ${detail}.`)
}
