/**
 * Object-mode streams (listings) in browsers: a {@link LightReadable}, created at once, so the
 * event API works from the first call and readable-stream never reaches a browser bundle.
 * Node gets `object-stream.node.ts` instead (package.json "imports", `#object-stream`).
 */
import type { Readable } from 'readable-stream'
import { LightReadable } from './light-readable.js'

/**
 * An object-mode stream over `items`; items are read only as the consumer takes them.
 * @example
 * for await (const item of createObjectStream(pages(), 16)) console.log(item)
 */
export function createObjectStream<T>(items: AsyncIterable<T>, _highWaterMark: number): Readable {
  return new LightReadable(items, { objectMode: true }) as unknown as Readable
}
