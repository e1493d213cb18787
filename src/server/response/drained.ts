/** What {@link drained} waits on: a writable stream (a response, a parser). */
export interface Drainable {
  on(event: 'drain' | 'close', listener: () => void): unknown
  off(event: 'drain' | 'close', listener: () => void): unknown
}

/**
 * Resolves when `stream` can take more after a write returned false, or has closed (then nothing
 * will take more: the caller checks whether it is destroyed).
 *
 * @example if (!res.write(chunk)) await drained(res)
 */
export function drained(stream: Drainable): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      stream.off('drain', done)
      stream.off('close', done)
      resolve()
    }
    stream.on('drain', done)
    stream.on('close', done)
  })
}
