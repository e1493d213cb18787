/**
 * The XML readings minio-js gives bucket and object configurations: fast-xml-parser with its
 * defaults (numeric text becomes a number, `true`/`false` booleans, one child an object, many an
 * array), or without number parsing for listings. Results read the same as minio-js's. The parser
 * is loaded on first use, so bundles that never read a configuration do not carry it.
 */
import type { XMLParser } from 'fast-xml-parser'
import { InvalidXMLError } from '../../errors.js'

let numeric: Promise<XMLParser> | undefined
let textual: Promise<XMLParser> | undefined

function load(numbers: boolean): Promise<XMLParser> {
  if (numbers) {
    numeric ??= import('fast-xml-parser').then(({ XMLParser }) => new XMLParser())
    return numeric
  }
  textual ??= import('fast-xml-parser').then(
    ({ XMLParser }) =>
      new XMLParser({ numberParseOptions: { skipLike: /./, hex: false, leadingZeros: false } }),
  )
  return textual
}

/**
 * Parses `text` and returns its root element `root` (`InvalidXMLError` when it is missing).
 * `numbers: false` keeps numeric text as strings (minio-js's listing parser).
 * @example
 * const config = await parseMinioXml(text, 'VersioningConfiguration') // { Status: 'Enabled' }
 */
export async function parseMinioXml(
  text: string,
  root: string,
  numbers = true,
): Promise<Record<string, unknown>> {
  const parser = await load(numbers)
  let document: Record<string, unknown>
  try {
    document = parser.parse(text)
  } catch (cause) {
    throw new InvalidXMLError(`Invalid XML in response: ${(cause as Error).message}`, { cause })
  }
  const element = document[root]
  if (element === '') return {}
  if (element === undefined || typeof element !== 'object' || element === null) {
    throw new InvalidXMLError(`Expected XML element <${root}> in response, got: ${text.slice(0, 200)}`)
  }
  return element as Record<string, unknown>
}

/**
 * A value as an array (an absent one as []): one XML child parses to an object, many to an array.
 * @example
 * toArray(rule.Tag) // [{ Key: 'a', Value: '1' }]
 */
export function toArray<T>(value: T | T[] | undefined): T[] {
  if (value === undefined) return []
  return Array.isArray(value) ? value : [value]
}
