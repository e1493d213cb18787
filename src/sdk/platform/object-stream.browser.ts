/**
 * Object-mode streams (listings) in browsers, without loading readable-stream (a third of the
 * SDK's weight) before the first listing: the stream is returned at once as a stand-in that
 * records the calls made on it (`on('data', …)`, `pipe`, …) and replays them on the real
 * `readable-stream` Readable as soon as the module has loaded; from then on it forwards to it.
 * Nothing can flow before that, so no event is missed. `for await` needs no stand-in at all.
 */
import type { Readable } from 'readable-stream'
import { loadReadable } from './browser-send.js'

// What a stream reports before it exists: readable, not ended, not destroyed.
const BEFORE_LOAD: Record<string | symbol, unknown> = {
  readable: true,
  readableObjectMode: true,
  readableEnded: false,
  destroyed: false,
}

/**
 * An object-mode stream over `items`, buffering at most `highWaterMark` items ahead.
 * @example
 * for await (const item of createObjectStream(pages(), 16)) console.log(item)
 */
export function createObjectStream<T>(items: AsyncIterable<T>, highWaterMark: number): Readable {
  let real: Readable | undefined
  const calls: Array<[string | symbol, unknown[]]> = []
  const ready = loadReadable().then((ReadableClass) => {
    real = ReadableClass.from(items, { objectMode: true, highWaterMark })
    for (const [name, args] of calls.splice(0))
      (real as unknown as Record<string | symbol, Method>)[name]!(...args)
    return real
  })
  // If the module cannot load (offline), tell the 'error' listeners instead of failing silently.
  ready.catch((error: unknown) => {
    for (const [name, [event, listener]] of calls) {
      if ((name === 'on' || name === 'once') && event === 'error') (listener as Method)(error)
    }
  })
  const standIn: Readable = new Proxy(Object.create(null), {
    get(_, name) {
      if (real) {
        const value: unknown = Reflect.get(real, name)
        return typeof value === 'function' ? value.bind(real) : value
      }
      if (name === Symbol.asyncIterator) return () => iterateWhenReady(ready)
      if (name === 'then') return undefined // not a thenable: `await stream` must not wait on it
      if (name in BEFORE_LOAD) return BEFORE_LOAD[name]
      return (...args: unknown[]) => {
        calls.push([name, args])
        return name === 'pipe' ? args[0] : standIn
      }
    },
  })
  return standIn
}

type Method = (...args: unknown[]) => unknown

async function* iterateWhenReady(ready: Promise<Readable>): AsyncGenerator<unknown> {
  yield* await ready
}
