/**
 * Object-mode streams (listings) in browsers: a {@link LightReadable}, created at once, so the
 * event API works from the first call and readable-stream never reaches a browser bundle.
 * Node gets `object-stream.node.ts` instead (package.json "imports", `#object-stream`).
 */
import type { Readable } from 'readable-stream'
import { LightReadable } from './light-readable.js'

/**
 * A readable stream of bytes (what `getObject` resolves to): in browsers, a LightReadable —
 * `for await`, the events `data`, `end`, `error` and `close`, `pause`/`resume`, `pipe` and
 * `destroy` (docs/browser.md), not a Node `Readable`.
 * @example
 * for await (const chunk of await client.getObject('photos', 'a.jpg')) console.log(chunk.length)
 */
export type BodyStream = LightReadable<Uint8Array>

/**
 * An object-mode stream over `items`; items are read only as the consumer takes them.
 * @example
 * for await (const item of createObjectStream(pages(), 16)) console.log(item)
 */
export function createObjectStream<T>(items: AsyncIterable<T>, _highWaterMark: number): Readable {
  return new LightReadable(items, { objectMode: true }) as unknown as Readable
}
