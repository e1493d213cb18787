import { createHash } from 'node:crypto'
import type { HandlerArgs } from '../context.js'
import { S3ServerError } from '../errors.js'
import { readContentMd5 } from '../handlers/objects/object-metadata.js'
import { readBody } from './read-body.js'
import { openRequestBody } from './request-body.js'

/** The bounds of a document body (XML or JSON), checked while it arrives. */
export interface DocumentBodyLimits {
  /** Largest body in bytes: MaxMessageLengthExceeded past it, declared or sent. */
  maxBytes: number
  /**
   * Most elements of an XML document. Its `<` characters are counted as the bytes arrive, so a
   * body that is mostly markup is refused (MalformedXML) long before it is read, let alone parsed.
   */
  maxElements?: number
  /**
   * The `x-amz-checksum-<alg>` headers describe the object the request makes, not this body
   * (CompleteMultipartUpload): they are left to the handler instead of verifying the body.
   */
  checksumHeadersDescribeObject?: boolean
}

/**
 * Reads a request's document body within `limits`: verified as its signature asks, against
 * Content-MD5 when sent (BadDigest), and stalled bodies time out (RequestTimeout).
 *
 * @example const json = (await readDocumentBody(args, { maxBytes: 40 * 1024 })).toString('utf8')
 */
export async function readDocumentBody(
  { ctx, req, auth }: Pick<HandlerArgs, 'ctx' | 'req' | 'auth'>,
  limits: DocumentBodyLimits,
): Promise<Buffer> {
  const contentMd5 = readContentMd5(req.headers['content-md5'])
  const { body } = openRequestBody(req, auth, ctx.auth.crypto, limits.maxBytes, 'MaxMessageLengthExceeded', {
    checksumHeaders: !limits.checksumHeadersDescribeObject,
  })
  const inspect = limits.maxElements === undefined ? undefined : countMarkup(limits.maxElements)
  const bytes = await readBody(body, limits.maxBytes, inspect)
  if (contentMd5 !== undefined && createHash('md5').update(bytes).digest('base64') !== contentMd5) {
    throw new S3ServerError('BadDigest', undefined, { ExpectedDigest: contentMd5 })
  }
  return bytes
}

/**
 * Counts `<` as chunks arrive: an element takes one or two (`<a/>`, `<a></a>`), so past twice
 * the element limit (plus room for a declaration and comments) the document cannot be valid.
 */
function countMarkup(maxElements: number): (chunk: Uint8Array) => void {
  const limit = 2 * maxElements + 16
  let count = 0
  return (chunk) => {
    for (let i = 0; i < chunk.length; i++) if (chunk[i] === 0x3c) count++
    if (count > limit) {
      throw new S3ServerError(
        'MalformedXML',
        `The XML you provided was not well-formed: the document has more than ${maxElements} elements.`,
      )
    }
  }
}
