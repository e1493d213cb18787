import type { XmlElement, XmlValue } from '../../body/parse-xml-body.js'
import { S3ServerError } from '../../errors.js'

/**
 * Readers of the SelectObjectContentRequest's elements. The parsed document keeps text as sent
 * (no trimming: a tab or a space is a legitimate delimiter); an element sent with no children
 * (`<CSV/>`, `<CSV>\n</CSV>`) arrives as text and reads as an empty element.
 */

/**
 * The child `name` of `parent` as an element; undefined when absent; MalformedXML when it holds
 * text or repeats.
 *
 * @example childElement(doc, 'InputSerialization', 'SelectObjectContentRequest')
 */
export function childElement(parent: XmlElement, name: string, where: string): XmlElement | undefined {
  const value = single(parent, name, where)
  if (value === undefined) return undefined
  if (typeof value !== 'string') return value
  if (value.trim() === '') return Object.create(null) as XmlElement
  throw new S3ServerError('MalformedXML', `<${where}><${name}> must hold elements, not text.`)
}

/**
 * The text of the child `name`; undefined when absent; MalformedXML when it holds elements or
 * repeats.
 *
 * @example childText(csv, 'FieldDelimiter', 'InputSerialization/CSV') // ','
 */
export function childText(parent: XmlElement, name: string, where: string): string | undefined {
  const value = single(parent, name, where)
  if (value === undefined || typeof value === 'string') return value
  throw new S3ServerError('MalformedXML', `<${where}><${name}> must hold text, not elements.`)
}

/**
 * A child naming one of `allowed` (compared without case, as MinIO does), upper-cased; `fallback`
 * when absent or empty; `code` naming the value otherwise.
 *
 * @example childChoice(csv, 'FileHeaderInfo', where, ['USE', 'IGNORE', 'NONE'], 'NONE', 'InvalidFileHeaderInfo')
 */
export function childChoice<T extends string>(
  parent: XmlElement,
  name: string,
  where: string,
  allowed: readonly T[],
  fallback: T,
  code: ConstructorParameters<typeof S3ServerError>[0],
): T {
  const text = childText(parent, name, where)?.trim()
  if (text === undefined || text === '') return fallback
  const upper = text.toUpperCase() as T
  if (allowed.includes(upper)) return upper
  throw new S3ServerError(code, `<${where}><${name}> must be one of ${allowed.join(', ')}, not "${text}".`, {
    ArgumentName: name,
    ArgumentValue: text,
  })
}

/**
 * A child holding TRUE or FALSE (any case); `fallback` when absent.
 *
 * @example childBoolean(progress, 'Enabled', 'RequestProgress', false)
 */
export function childBoolean(parent: XmlElement, name: string, where: string, fallback: boolean): boolean {
  const text = childText(parent, name, where)?.trim()
  if (text === undefined || text === '') return fallback
  if (/^true$/i.test(text)) return true
  if (/^false$/i.test(text)) return false
  throw new S3ServerError('MalformedXML', `<${where}><${name}> must be TRUE or FALSE, not "${text}".`)
}

/**
 * A delimiter-like child: `fallback` when absent or empty, else its text, which must be
 * `min`..`max` characters long (InvalidRequestParameter otherwise).
 *
 * @example childCharacters(csv, 'RecordDelimiter', where, '\n', 1, 2)
 */
export function childCharacters(
  parent: XmlElement,
  name: string,
  where: string,
  fallback: string,
  min: number,
  max: number,
): string {
  const text = childText(parent, name, where)
  if (text === undefined || text === '') return fallback
  const length = [...text].length
  if (length < min || length > max) {
    const size = min === max ? `${min} character` : `${min} to ${max} characters`
    throw new S3ServerError(
      'InvalidRequestParameter',
      `<${where}><${name}> must be ${size}, not "${text}".`,
      {
        ArgumentName: name,
        ArgumentValue: text,
      },
    )
  }
  return text
}

function single(parent: XmlElement, name: string, where: string): XmlValue | undefined {
  const value = parent[name]
  if (Array.isArray(value)) {
    throw new S3ServerError('MalformedXML', `<${where}> may hold one <${name}>, not ${value.length}.`)
  }
  return value
}
