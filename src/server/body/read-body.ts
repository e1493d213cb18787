import { S3ServerError } from '../errors.js'

/**
 * Reads a small request body (an XML or JSON document) into memory, failing with
 * MaxMessageLengthExceeded past `limit` bytes. `inspect` sees each chunk as it arrives and may
 * throw to refuse the body before the rest is read (e.g. a document with too much markup).
 *
 * @example const xml = (await readBody(body, 64 * 1024)).toString('utf8')
 */
export async function readBody(
  source: AsyncIterable<Uint8Array>,
  limit: number,
  inspect?: (chunk: Uint8Array) => void,
): Promise<Buffer> {
  const chunks: Uint8Array[] = []
  let total = 0
  for await (const chunk of source) {
    total += chunk.byteLength
    if (total > limit)
      throw new S3ServerError('MaxMessageLengthExceeded', `The request body exceeds ${limit} bytes.`)
    inspect?.(chunk)
    chunks.push(chunk)
  }
  return Buffer.concat(chunks)
}
