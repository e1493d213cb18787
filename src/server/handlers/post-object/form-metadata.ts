/**
 * The metadata a POST form stores. Unlike request headers, form fields are any UTF-8 text, and
 * what is stored comes back as response headers on every GET and HEAD: a name or value no HTTP
 * header may carry would make each of them fail (500) for as long as the object lives (issue 12).
 */
import { validateHeaderName, validateHeaderValue } from 'node:http'
import { S3ServerError } from '../../errors.js'
import { type ObjectMetadata, readObjectMetadata } from '../objects/object-metadata.js'

/**
 * The metadata `fields` (lower-case names) ask to store; InvalidArgument naming the first field
 * that is no valid HTTP header.
 * @example readFormMetadata(new Map([['content-type', 'text/plain'], ['x-amz-meta-a', '1']]))
 */
export function readFormMetadata(fields: ReadonlyMap<string, string>): ObjectMetadata {
  const metadata = readObjectMetadata(Object.fromEntries(fields))
  const stored = Object.entries(metadata.headers)
  if (metadata.contentType !== undefined) stored.push(['content-type', metadata.contentType])
  for (const [name, value] of stored) {
    try {
      validateHeaderName(name)
      validateHeaderValue(name, value)
    } catch {
      throw new S3ServerError(
        'InvalidArgument',
        `The form field '${name}' cannot be stored: it must be a valid HTTP header (latin-1 text without control characters).`,
        { ArgumentName: name },
      )
    }
  }
  return metadata
}
