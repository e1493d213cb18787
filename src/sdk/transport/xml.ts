/**
 * XML response parsing with fast-xml-parser. Values stay strings (no number coercion: a bucket
 * named `1234` or an ETag of digits must not become a number) and listed elements are always arrays.
 * The parser is loaded on first use (dynamic import): it is a third of the browser bundle and
 * many pages never parse a response body (PUT, GET and HEAD of objects do not).
 */
import type { XMLParser } from 'fast-xml-parser'
import { InvalidXMLError } from '../errors.js'

/** A parsed XML element: child elements by name, text as strings. */
export type XmlNode = { [name: string]: XmlValue }
/** The value of a parsed element. */
export type XmlValue = string | XmlNode | XmlValue[]

// Elements that may repeat; parsed as arrays even when a response holds only one.
const ARRAY_ELEMENTS = new Set([
  'Bucket',
  'Contents',
  'CommonPrefixes',
  'Upload',
  'Part',
  'Version',
  'DeleteMarker',
])

let parser: Promise<XMLParser> | undefined

function loadParser(): Promise<XMLParser> {
  parser ??= import('fast-xml-parser').then(
    ({ XMLParser }) =>
      new XMLParser({
        ignoreAttributes: true,
        ignoreDeclaration: true,
        parseTagValue: false,
        trimValues: true,
        isArray: (name) => ARRAY_ELEMENTS.has(name),
      }),
  )
  return parser
}

/**
 * Parses an XML document and returns its root element (named `root`).
 * @example
 * await parseXml('<LocationConstraint>eu-west-1</LocationConstraint>', 'LocationConstraint') // 'eu-west-1'
 */
export async function parseXml(text: string, root: string): Promise<XmlValue> {
  const xml = await loadParser()
  let document: XmlNode
  try {
    document = xml.parse(text) as XmlNode
  } catch (cause) {
    throw new InvalidXMLError(`Invalid XML in response: ${(cause as Error).message}`, { cause })
  }
  const value = document[root]
  if (value === undefined) {
    throw new InvalidXMLError(`Expected XML element <${root}> in response, got: ${text.slice(0, 200)}`)
  }
  return value
}

/**
 * The text of a child element, or '' when absent.
 * @example
 * textOf({ Name: 'photos' }, 'Name') // 'photos'
 */
export function textOf(node: XmlValue | undefined, name: string): string {
  if (node === undefined || typeof node === 'string' || Array.isArray(node)) return ''
  const value = node[name]
  return typeof value === 'string' ? value : ''
}

/**
 * Child elements that repeat, as an array of nodes.
 * @example
 * childrenOf(result, 'Bucket').map((b) => textOf(b, 'Name'))
 */
export function childrenOf(node: XmlValue | undefined, name: string): XmlNode[] {
  if (node === undefined || typeof node === 'string' || Array.isArray(node)) return []
  const value = node[name]
  if (value === undefined || typeof value === 'string') return []
  return (Array.isArray(value) ? value : [value]).filter(
    (v): v is XmlNode => typeof v === 'object' && !Array.isArray(v),
  )
}

/**
 * Escapes text for an XML element body. A CR is escaped too: a reader turns a literal CR (and
 * CR LF) into LF, as XML requires, so a key holding one would name another key.
 * @example
 * escapeXml('a<b') // 'a&#60;b'
 */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"'\r]/g, (c) => `&#${c.charCodeAt(0)};`)
}
