import { S3ServerError } from '../errors.js'

/**
 * Reads a small request body (an XML document) into memory, failing with
 * MaxMessageLengthExceeded past `limit` bytes.
 *
 * @example const xml = (await readBody(body, 64 * 1024)).toString('utf8')
 */
export async function readBody(source: AsyncIterable<Uint8Array>, limit: number): Promise<Buffer> {
  const chunks: Uint8Array[] = []
  let total = 0
  for await (const chunk of source) {
    total += chunk.byteLength
    if (total > limit)
      throw new S3ServerError('MaxMessageLengthExceeded', `The request body exceeds ${limit} bytes.`)
    chunks.push(chunk)
  }
  return Buffer.concat(chunks)
}
