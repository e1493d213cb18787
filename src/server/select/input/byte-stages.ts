import { selectError } from '../select-error.js'

/** Passes `input` through, telling `count` the size of each chunk (the Stats counters). */
export async function* countBytes(
  input: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
  count: (n: number) => void,
) {
  for await (const chunk of input) {
    count(chunk.byteLength)
    yield chunk
  }
}

/** Passes `input` through, failing with InvalidTextEncoding at the first byte that is not UTF-8. */
export async function* checkUtf8(input: AsyncIterable<Uint8Array>) {
  const decoder = new TextDecoder('utf-8', { fatal: true })
  const fail = () =>
    selectError('InvalidTextEncoding', 'The object is not UTF-8; S3 Select reads only UTF-8 text.')
  for await (const chunk of input) {
    try {
      decoder.decode(chunk, { stream: true })
    } catch {
      throw fail()
    }
    yield chunk
  }
  try {
    decoder.decode()
  } catch {
    throw fail()
  }
}
