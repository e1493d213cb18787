import { setImmediate } from 'node:timers/promises'
import { S3ServerError } from '../errors.js'
import { decodeXmlText } from './decode-xml-text.js'

/**
 * The XML request bodies of S3 (Delete, CompleteMultipartUpload, CreateBucketConfiguration,
 * NotificationConfiguration) parsed by a reader of our own rather than fast-xml-parser, because
 * every body comes from the network and must not hold the event loop (issue 12, defect 5).
 * Measured on this machine, warm: fast-xml-parser takes ~93 ms for a legitimate 10,000-part
 * Complete (1.2 MiB), ~115 ms for 64 K empty elements (256 KiB) and 2.6 s for an 8 MiB body of
 * 2 M empty elements, in one synchronous call. This reader stops at the document's element and
 * depth limits, refuses any DTD (so no entity is ever defined, let alone an external one), and
 * gives the event loop back every 64 KiB or 2,048 tokens.
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
/** Tokens (tags, texts, comments) per slice: 64 KiB of `<a/>` is 16 K tokens. */
export const SLICE_TOKENS = 2048
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
  const parser = new XmlBodyParser(text, options)
  const yieldToLoop = options.yieldToLoop ?? (() => setImmediate())
  while (!parser.runSlice()) await yieldToLoop()
  return parser.document()
}

interface Frame {
  qname: string
  name: string
  text: string
  children: XmlElement | undefined
}

const NAME = '[A-Za-z_:\\u00C0-\\uFFFF][-\\w.:\\u00B7-\\uFFFF]*'
const START_NAME = new RegExp(`<(${NAME})`, 'y')
const ATTRIBUTE = new RegExp(
  `[ \\t\\r\\n]+(${NAME})[ \\t\\r\\n]*=[ \\t\\r\\n]*(?:"([^"<]*)"|'([^'<]*)')`,
  'y',
)
const START_END = /[ \t\r\n]*(\/?)>/y
const END_TAG = new RegExp(`</(${NAME})[ \\t\\r\\n]*>`, 'y')
const PI_TARGET = new RegExp(`<\\?(${NAME})`, 'y')
const WHITESPACE = /^[ \t\r\n]*$/

class XmlBodyParser {
  readonly #text: string
  readonly #options: ParseXmlOptions
  readonly #maxDepth: number
  readonly #stack: Frame[] = []
  #pos = 0
  #start = 0
  #elements = 0
  #result: XmlDocument | undefined

  constructor(text: string, options: ParseXmlOptions) {
    this.#text = text
    this.#options = options
    this.#maxDepth = options.maxDepth ?? DEFAULT_MAX_DEPTH
    // A byte-order mark may open the document.
    if (text.charCodeAt(0) === 0xfeff) this.#pos = this.#start = 1
  }

  /** Parses one slice; true once the whole text is read. */
  runSlice(): boolean {
    const stop = this.#pos + SLICE_CHARS
    for (let tokens = 0; tokens < SLICE_TOKENS && this.#pos < stop; tokens++) {
      if (this.#pos >= this.#text.length) return true
      this.#step()
    }
    return this.#pos >= this.#text.length
  }

  /** The document, once every slice ran. */
  document(): XmlDocument {
    const open = this.#stack.at(-1)
    if (open) malformed(`<${open.qname}> is never closed`)
    if (!this.#result) malformed('there is no root element')
    return this.#result
  }

  #step(): void {
    const text = this.#text
    const lt = text.indexOf('<', this.#pos)
    if (lt !== this.#pos) {
      const end = lt === -1 ? text.length : lt
      this.#addText(this.#pos, end, true)
      this.#pos = end
      return
    }
    const next = text.charCodeAt(lt + 1)
    if (next === 0x2f /* / */) this.#endTag()
    else if (next === 0x3f /* ? */) this.#instruction()
    else if (next === 0x21 /* ! */) this.#declaration()
    else this.#startTag()
  }

  #startTag(): void {
    const window = this.#window()
    START_NAME.lastIndex = 0
    const name = START_NAME.exec(window)
    if (!name) malformed(`'${window.slice(0, 20)}' is not a tag`)
    let at = START_NAME.lastIndex
    const attributes = new Set<string>()
    for (ATTRIBUTE.lastIndex = at; ; ATTRIBUTE.lastIndex = at) {
      const attribute = ATTRIBUTE.exec(window)
      if (!attribute) break
      if (attributes.has(attribute[1]!)) malformed(`<${name[1]}> repeats the attribute ${attribute[1]}`)
      attributes.add(attribute[1]!)
      decodeXmlText(attribute[2] ?? attribute[3] ?? '')
      at = ATTRIBUTE.lastIndex
    }
    START_END.lastIndex = at
    const end = START_END.exec(window)
    if (!end) malformed(`the tag <${name[1]}> is not closed properly (or longer than ${MAX_TAG} characters)`)
    if (this.#result) malformed(`<${name[1]}> follows the root element`)
    if (++this.#elements > this.#options.maxElements) {
      malformed(`the document has more than ${this.#options.maxElements} elements`)
    }
    if (this.#stack.length >= this.#maxDepth) malformed(`elements nest deeper than ${this.#maxDepth}`)
    const qname = name[1]!
    const frame: Frame = { qname, name: localName(qname), text: '', children: undefined }
    this.#pos += START_END.lastIndex
    if (end[1] === '/') this.#close(frame)
    else this.#stack.push(frame)
  }

  #endTag(): void {
    const window = this.#window()
    END_TAG.lastIndex = 0
    const end = END_TAG.exec(window)
    if (!end) malformed(`'${window.slice(0, 20)}' is not an end tag`)
    const frame = this.#stack.pop()
    if (!frame || frame.qname !== end[1]) {
      malformed(`</${end[1]}> closes ${frame ? `<${frame.qname}>` : 'no element'}`)
    }
    this.#pos += END_TAG.lastIndex
    this.#close(frame)
  }

  #instruction(): void {
    const close = this.#text.indexOf('?>', this.#pos + 2)
    if (close === -1) malformed('a processing instruction is never closed')
    PI_TARGET.lastIndex = this.#pos
    const target = PI_TARGET.exec(this.#text)
    if (!target) malformed('a processing instruction has no target')
    // The XML declaration may only open the document.
    if (target[1]!.toLowerCase() === 'xml' && this.#pos !== this.#start) {
      malformed('the XML declaration is not at the start of the document')
    }
    this.#pos = close + 2
  }

  #declaration(): void {
    const text = this.#text
    if (text.startsWith('<!--', this.#pos)) {
      const close = text.indexOf('-->', this.#pos + 4)
      if (close === -1) malformed('a comment is never closed')
      this.#pos = close + 3
    } else if (text.startsWith('<![CDATA[', this.#pos)) {
      const close = text.indexOf(']]>', this.#pos + 9)
      if (close === -1) malformed('a CDATA section is never closed')
      if (this.#stack.length === 0) malformed('a CDATA section is outside the root element')
      this.#addText(this.#pos + 9, close, false)
      this.#pos = close + 3
    } else if (text.slice(this.#pos + 2, this.#pos + 9).toUpperCase() === 'DOCTYPE') {
      // S3 documents never need a DTD, and one is how entity expansion attacks arrive.
      malformed('DOCTYPE declarations are not allowed')
    } else {
      malformed(`'${text.slice(this.#pos, this.#pos + 12)}' is not a comment or CDATA section`)
    }
  }

  /** The characters from the current `<`, at most one longest tag's worth. */
  #window(): string {
    return this.#text.slice(this.#pos, this.#pos + MAX_TAG)
  }

  #addText(start: number, end: number, decode: boolean): void {
    const frame = this.#stack.at(-1)
    if (end - start > MAX_TEXT) {
      malformed(
        `${frame ? `the text of <${frame.qname}>` : 'text outside the root'} is longer than ${MAX_TEXT} characters`,
      )
    }
    const raw = this.#text.slice(start, end)
    if (!frame) {
      if (!WHITESPACE.test(raw)) malformed('there is text outside the root element')
      return
    }
    // Whitespace between child elements is layout, not content.
    if (frame.children && WHITESPACE.test(raw)) return
    frame.text += decode ? decodeXmlText(raw) : raw
    if (frame.text.length > MAX_TEXT)
      malformed(`the text of <${frame.qname}> is longer than ${MAX_TEXT} characters`)
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

/** `s3:Key` → `Key`: S3 matches elements by local name. */
function localName(qname: string): string {
  const colon = qname.lastIndexOf(':')
  return colon === -1 ? qname : qname.slice(colon + 1)
}

function malformed(detail: string): never {
  throw new S3ServerError('MalformedXML', `The XML you provided was not well-formed: ${detail}.`)
}
