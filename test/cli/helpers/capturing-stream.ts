import { Writable } from 'node:stream'

/** A writable that keeps every chunk written, posing as a terminal of `columns` when `isTTY`. */
export function createCapturingStream(isTTY: boolean, columns: number) {
  const chunks: string[] = []
  const stream = new Writable({
    write(chunk, _encoding, done) {
      chunks.push(String(chunk))
      done()
    },
  }) as Writable & { isTTY?: boolean; columns?: number }
  stream.isTTY = isTTY
  stream.columns = columns
  return { stream, chunks }
}
