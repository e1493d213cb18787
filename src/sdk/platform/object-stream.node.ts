/**
 * Object-mode streams (listings) in Node: Node's own `Readable`, created at once. Not
 * `readable-stream` (the same streams as a package, for other runtimes): importing it cost ~6 MiB
 * of resident memory in every Node process that loads the SDK (issue 18: an upload's peak RSS).
 * Browser bundles get `object-stream.browser.ts` instead (package.json "imports", `#object-stream`).
 */
import { type Readable as NodeReadable, Readable } from 'node:stream'

/**
 * A readable stream of bytes (what `getObject` resolves to): in Node, Node's `Readable`.
 * @example
 * const stream: BodyStream = await client.getObject('photos', 'a.jpg')
 * stream.pipe(createWriteStream('a.jpg'))
 */
export type BodyStream = NodeReadable

/**
 * An object-mode Readable over `items`, buffering at most `highWaterMark` items ahead.
 * @example
 * const stream = createObjectStream(pages(), 16)
 */
export function createObjectStream<T>(items: AsyncIterable<T>, highWaterMark: number): Readable {
  return Readable.from(items, { objectMode: true, highWaterMark })
}
