import type { XmlElement, XmlValue } from '../body/parse-xml-body.js'
import { S3ServerError } from '../errors.js'

/**
 * A small schema for S3 configuration documents that are stored as sent and given back (the
 * replication configuration): which elements each element holds, which are required or may
 * repeat, and how each text is checked. Reading with it refuses anything the schema does not
 * name, and returns the document in the schema's element order, ready to store as JSON and to
 * render again with renderXml.
 */

/** An element holding text, checked (and normalised) by `check`. */
export interface TextSchema {
  kind: 'text'
  /** Throws an S3 error naming what is wrong, or returns the text to keep. */
  check?: (value: string, path: string) => string
}

/** An element holding other elements. */
export interface ElementSchema {
  kind: 'element'
  children: ChildSchema[]
}

export type XmlSchema = TextSchema | ElementSchema

/** A child element: its name, its schema, and how often it may appear. */
export interface ChildSchema {
  name: string
  schema: XmlSchema
  required?: boolean
  repeated?: boolean
}

/** A document read with a schema: texts, elements, and arrays of the repeated ones. */
export interface XmlTree {
  [name: string]: string | XmlTree | Array<string | XmlTree>
}

/**
 * Reads a parsed element with `schema`: MalformedXML naming the path for an element the schema
 * does not know, a missing required one, one that appears twice without being repeatable,
 * text where elements belong or the reverse.
 *
 * @example readWithSchema({ Status: 'Enabled' }, { kind: 'element', children: [{ name: 'Status', schema: { kind: 'text' } }] }, 'Rule')
 */
export function readWithSchema(value: XmlValue, schema: ElementSchema, path: string): XmlTree {
  if (typeof value === 'string') {
    if (value.trim() !== '') malformed(`<${path}> holds text where elements belong`)
    return readElement(Object.create(null) as XmlElement, schema, path)
  }
  return readElement(value, schema, path)
}

function readElement(value: XmlElement, schema: ElementSchema, path: string): XmlTree {
  const known = new Set(schema.children.map((c) => c.name))
  for (const name of Object.keys(value)) {
    if (!known.has(name)) malformed(`<${name}> is not an element of <${path}>`)
  }
  const tree: XmlTree = {}
  for (const child of schema.children) {
    const raw = value[child.name]
    const childPath = `${path}/${child.name}`
    if (raw === undefined) {
      if (child.required) malformed(`<${path}> needs <${child.name}>`)
      continue
    }
    const items = Array.isArray(raw) ? raw : [raw]
    if (!child.repeated && items.length > 1) malformed(`<${childPath}> may appear only once`)
    const read = items.map((item) => readItem(item, child.schema, childPath))
    tree[child.name] = child.repeated ? (read as Array<string | XmlTree>) : read[0]!
  }
  return tree
}

function readItem(item: XmlValue, schema: XmlSchema, path: string): string | XmlTree {
  if (schema.kind === 'element') return readWithSchema(item, schema, path)
  if (typeof item !== 'string') malformed(`<${path}> must hold text`)
  return schema.check ? schema.check(item, path) : item
}

/** MalformedXML naming what did not validate. */
export function malformed(detail: string): never {
  throw new S3ServerError(
    'MalformedXML',
    `The XML you provided was not well-formed or did not validate against our published schema: ${detail}.`,
  )
}
