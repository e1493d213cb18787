/**
 * Plain objects to XML elements, the way minio-js (xml2js's builder) writes a configuration it
 * takes from the caller as an object: each key is an element, an array repeats its element, a
 * nested object nests, text is escaped; `undefined` and `null` members are left out.
 */
import { escapeXml } from '../../transport/xml.js'

/**
 * One element `<name>…</name>` (or one per item when `value` is an array).
 * @example
 * elementXml('Rule', [{ ID: 'a', Status: 'Enabled' }]) // '<Rule><ID>a</ID><Status>Enabled</Status></Rule>'
 */
export function elementXml(name: string, value: unknown): string {
  if (value === undefined || value === null) return ''
  if (Array.isArray(value)) return value.map((item) => elementXml(name, item)).join('')
  if (typeof value === 'object') {
    let inner = ''
    for (const [child, member] of Object.entries(value)) inner += elementXml(child, member)
    return `<${name}>${inner}</${name}>`
  }
  return `<${name}>${escapeXml(String(value))}</${name}>`
}
