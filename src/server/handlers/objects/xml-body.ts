import { createHash } from 'node:crypto'
import { XMLParser, XMLValidator } from 'fast-xml-parser'
import { readBody } from '../../body/read-body.js'
import { openRequestBody } from '../../body/request-body.js'
import type { HandlerArgs } from '../../context.js'
import { S3ServerError } from '../../errors.js'
import { readContentMd5 } from './object-metadata.js'

// Elements that may repeat are always arrays, so one element and many read the same way.
const REPEATED = new Set(['Part', 'Object'])
const parser = new XMLParser({
  removeNSPrefix: true,
  parseTagValue: false,
  trimValues: false,
  isArray: (name) => REPEATED.has(name),
})

/**
 * Reads a request's XML document (verified as its signature asks, at most `limit` bytes, and
 * against Content-MD5 when sent: BadDigest) and returns the content of its `root` element;
 * MalformedXML for anything else.
 *
 * @example const doc = await readXmlDocument(args, 'Delete', 2 * 1024 * 1024)
 */
export async function readXmlDocument(
  { ctx, req, auth }: Pick<HandlerArgs, 'ctx' | 'req' | 'auth'>,
  root: string,
  limit: number,
): Promise<Record<string, unknown>> {
  const contentMd5 = readContentMd5(req.headers['content-md5'])
  const { body } = openRequestBody(req, auth, ctx.auth.crypto, limit)
  const bytes = await readBody(body, limit)
  if (contentMd5 !== undefined && createHash('md5').update(bytes).digest('base64') !== contentMd5) {
    throw new S3ServerError('BadDigest', undefined, { ExpectedDigest: contentMd5 })
  }
  const text = bytes.toString('utf8').trim()
  if (text === '' || XMLValidator.validate(text) !== true) {
    throw new S3ServerError('MalformedXML', `The request body is not a well-formed ${root} document.`)
  }
  const content = (parser.parse(text) as Record<string, unknown>)[root]
  if (content === undefined) {
    throw new S3ServerError('MalformedXML', `The request body must be a ${root} document.`)
  }
  return typeof content === 'object' && content !== null ? (content as Record<string, unknown>) : {}
}
