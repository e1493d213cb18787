import { type ParseXmlOptions, parseXmlBody, type XmlElement } from '../../body/parse-xml-body.js'
import { type DocumentBodyLimits, readDocumentBody } from '../../body/read-document-body.js'
import type { HandlerArgs } from '../../context.js'
import { S3ServerError } from '../../errors.js'

/** The bounds of one kind of XML document: S3's limits for it. */
export type XmlDocumentLimits = DocumentBodyLimits &
  Omit<ParseXmlOptions, 'yieldToLoop'> & { maxElements: number }

/**
 * The one reader of XML request bodies: reads the body within `limits` (MaxMessageLengthExceeded
 * past `maxBytes`; MalformedXML once it holds more markup than `maxElements` allow, before the
 * rest is read), verifies it (signature, Content-MD5: BadDigest), parses it without holding the
 * event loop, and returns the content of its `root` element. Anything but a well-formed `root`
 * document within the limits, a DOCTYPE included, is a 400 MalformedXML.
 *
 * @example const doc = await readXmlDocument(args, 'Delete', { maxBytes: 8 << 20, maxElements: 6002 })
 */
export async function readXmlDocument(
  args: Pick<HandlerArgs, 'ctx' | 'req' | 'auth'>,
  root: string,
  limits: XmlDocumentLimits,
): Promise<XmlElement> {
  const text = (await readDocumentBody(args, limits)).toString('utf8')
  if (text.trim() === '') {
    throw new S3ServerError('MalformedXML', `The request body must be a ${root} document, not empty.`)
  }
  const doc = await parseXmlBody(text, limits)
  if (doc.root !== root) {
    throw new S3ServerError('MalformedXML', `The request body must be a ${root} document, not ${doc.root}.`)
  }
  return typeof doc.content === 'object' ? doc.content : Object.create(null)
}
