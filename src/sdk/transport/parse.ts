/** Small response parsers shared by the operations. */
import type { WireResponse } from '../platform/types.js'
import { parseXml, type XmlValue } from './xml.js'

/**
 * Parser for responses whose body does not matter: throws it away so the connection is reused.
 * @example
 * await transport.call({ method: 'DELETE', bucket }, discardBody)
 */
export function discardBody(res: WireResponse): Promise<void> {
  return res.discard()
}

/**
 * Reads an XML body and returns its root element.
 * @example
 * const result = await readXml(res, 'ListAllMyBucketsResult')
 */
export async function readXml(res: WireResponse, root: string): Promise<XmlValue> {
  return parseXml(await res.text(), root)
}

/**
 * One header's value, or undefined.
 * @example
 * headerOf(res, 'x-amz-version-id')
 */
export function headerOf(res: WireResponse, name: string): string | undefined {
  return res.header(name)
}

/**
 * An ETag without its quotes (also when they arrive XML-escaped).
 * @example
 * sanitizeETag('"9b2cf535f27731c974343645a3985328"') // '9b2cf535f27731c974343645a3985328'
 */
export function sanitizeETag(etag: string | undefined): string {
  if (etag === undefined) return ''
  // The usual form, "hex", without the regular expression.
  const last = etag.length - 1
  if (last > 0 && etag.charCodeAt(0) === 34 && etag.charCodeAt(last) === 34) {
    const inner = etag.slice(1, last)
    if (!inner.includes('"') && !inner.includes('&')) return inner
  }
  return etag.replace(/^("|&quot;|&#34;)|("|&quot;|&#34;)$/g, '')
}
