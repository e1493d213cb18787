import { XMLBuilder } from 'fast-xml-parser'

/** The S3 XML namespace. */
export const S3_XMLNS = 'http://s3.amazonaws.com/doc/2006-03-01/'

const DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n'
const builder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@_' })

/**
 * Renders an S3 XML document: the declaration, then `root` (in the S3 namespace unless
 * `namespaced` is false) holding `body`.
 *
 * @example renderXml('LocationConstraint', { '#text': 'eu-west-1' })
 */
export function renderXml(root: string, body: Record<string, unknown>, namespaced = true): string {
  const content = namespaced ? { '@_xmlns': S3_XMLNS, ...body } : body
  return DECLARATION + builder.build({ [root]: content })
}
