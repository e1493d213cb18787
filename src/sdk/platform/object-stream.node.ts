/**
 * Object-mode streams (listings) in Node: a `readable-stream` Readable, created at once.
 * Browser bundles get `object-stream.browser.ts` instead (package.json "imports", `#object-stream`).
 */
import { Readable } from 'readable-stream'

/**
 * An object-mode Readable over `items`, buffering at most `highWaterMark` items ahead.
 * @example
 * const stream = createObjectStream(pages(), 16)
 */
export function createObjectStream<T>(items: AsyncIterable<T>, highWaterMark: number): Readable {
  return Readable.from(items, { objectMode: true, highWaterMark })
}
