/**
 * The stream every listing returns: an object-mode readable (Node's `Readable` in Node, a light
 * readable in browsers) that pulls pages lazily, and also an async iterable of typed items.
 */
import { createObjectStream } from '#object-stream'
import type { BodyStream } from '../../platform/types.js'

/**
 * An object-mode stream of listing items: events `data`, `end`, `error`, and `for await`.
 * @example
 * for await (const item of client.listObjectsV2('photos', '', true)) console.log(item.name)
 * client.listObjects('photos').on('data', (item) => console.log(item)).on('error', console.error)
 */
export type ListingStream<T> = Omit<BodyStream, typeof Symbol.asyncIterator> & AsyncIterable<T>

// Readable.from keeps at most this many items buffered ahead of the consumer, so the next page
// is requested only once the consumer has taken all but the last few items of the current one.
const ITEMS_AHEAD = 16

/**
 * Wraps a generator of pages into a listing stream; pages are fetched only as items are read.
 * @example
 * return toListingStream(pagesOfObjects(t, bucket, prefix))
 */
export function toListingStream<T>(pages: AsyncGenerator<T[]>): ListingStream<T> {
  async function* items(): AsyncGenerator<T> {
    for await (const page of prefetchOne(pages)) yield* page
  }
  // In browsers a LightReadable (src/sdk/platform/object-stream.browser.ts).
  return createObjectStream(items(), ITEMS_AHEAD) as unknown as ListingStream<T>
}

/**
 * Requests page N+1 as soon as page N has arrived, so the round trip overlaps the consumer's work
 * on page N; never more than one page ahead, so a slow consumer holds at most two pages.
 * @example
 * for await (const page of prefetchOne(pages())) handle(page)
 */
export async function* prefetchOne<T>(pages: AsyncGenerator<T>): AsyncGenerator<T> {
  let pending = pages.next()
  let finished = false
  try {
    for (;;) {
      const { value, done } = await pending
      if (done) {
        finished = true
        return
      }
      pending = pages.next()
      // Its failure is reported when the consumer asks for that page, not as an unhandled rejection.
      pending.catch(() => {})
      yield value
    }
  } catch (error) {
    finished = true
    throw error
  } finally {
    // The consumer stopped early: close the page generator once its pending request settles.
    if (!finished) pages.return(undefined).catch(() => {})
  }
}

/**
 * Decodes a key from a listing sent with `encoding-type=url` (`+` is a space there).
 * @example
 * decodeListedKey('a+b%2Fc', true) // 'a b/c'
 */
export function decodeListedKey(value: string, urlEncoded: boolean): string {
  // Most keys need no decoding at all; skipping the regular expression for them is measurable.
  if (!urlEncoded || (!value.includes('%') && !value.includes('+'))) return value
  return decodeURIComponent(value.replace(/\+/g, ' '))
}
