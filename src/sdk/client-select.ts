/** S3 Select method of `Client` (minio-js 8's selectObjectContent). */
import { deliver, popCallback, type ResultCallback } from './callbackify.js'
import { CompatMethods } from './client-compat.js'
import { selectObjectContent } from './operations/select/select-object-content.js'
import type { SelectOptions } from './operations/select/select-options.js'
import type { SelectResults } from './operations/select/select-results.js'

/**
 * S3 Select: selectObjectContent.
 * @example
 * const results = await client.selectObjectContent('logs', 'people.csv', {
 *   expression: "SELECT s.name FROM S3Object s WHERE s.city = 'Oslo'",
 *   expressionType: 'SQL',
 *   inputSerialization: { CSV: { FileHeaderInfo: 'USE' }, CompressionType: 'NONE' },
 *   outputSerialization: { CSV: {} },
 * })
 */
export class SelectMethods extends CompatMethods {
  /**
   * Runs an SQL expression over a CSV or JSON object (plain, gzip or bzip2) on the server and
   * resolves with its output: `getRecords()` (the records' bytes, a Buffer in Node),
   * `getStats()` and `getProgress()` (XML). A query error in the stream rejects with an `S3Error`
   * of its code (CSVParsingError, CastFailed...).
   * @example
   * const results = await client.selectObjectContent('logs', 'a.json', {
   *   expression: 'SELECT COUNT(*) FROM S3Object',
   *   inputSerialization: { JSON: { Type: 'LINES' } },
   *   outputSerialization: { JSON: {} },
   * })
   * console.log(results.getRecords().toString()) // {"_1":42}
   */
  selectObjectContent(
    bucketName: string,
    objectName: string,
    selectOpts: SelectOptions,
  ): Promise<SelectResults>
  selectObjectContent(
    bucketName: string,
    objectName: string,
    selectOpts: SelectOptions,
    callback: ResultCallback<SelectResults>,
  ): void
  selectObjectContent(
    bucketName: string,
    objectName: string,
    ...rest: unknown[]
  ): Promise<SelectResults> | undefined {
    const callback = popCallback(rest)
    return deliver(callback, () => selectObjectContent(this.transport, bucketName, objectName, rest[0]))
  }
}
