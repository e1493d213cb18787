/**
 * Reads a 200 response whose body is either the expected result or an `<Error>`: S3 answers
 * CompleteMultipartUpload and CopyObject with 200 before the work is done, so a failure can only
 * travel in the body.
 */
import { S3Error } from '../../errors.js'
import type { WireResponse } from '../../platform/types.js'
import { parseXml, textOf, type XmlValue } from '../../transport/xml.js'

/**
 * The root element `root` of the body; throws `S3Error` when the body is an `<Error>`.
 * @example
 * const result = await readResultOrError(res, 'CopyObjectResult', { bucket, key })
 */
export async function readResultOrError(
  res: WireResponse,
  root: string,
  context: { bucket: string; key: string },
): Promise<XmlValue> {
  const text = await res.text()
  if (/<Error>/.test(text) && !text.includes(`<${root}`)) {
    const error = await parseXml(text, 'Error')
    throw new S3Error(textOf(error, 'Message') || `${root} failed`, {
      code: textOf(error, 'Code') || 'InternalError',
      statusCode: res.status,
      requestId: textOf(error, 'RequestId') || undefined,
      bucketName: context.bucket,
      key: context.key,
    })
  }
  return parseXml(text, root)
}
