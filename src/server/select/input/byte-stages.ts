import { selectError } from '../select-error.js'

/**
 * An error of the object's own stream (a storage read failing), wrapped so that the parsing
 * stages below let it through instead of reporting it as bad CSV, JSON or compression;
 * runQuery unwraps it.
 */
export class InputStreamError extends Error {
  override readonly name = 'InputStreamError'
  constructor(override readonly cause: unknown) {
    super('reading the object failed')
  }
}

/** Passes the object's stream through, wrapping its errors in InputStreamError. */
export async function* markInputErrors(input: AsyncIterable<Uint8Array> | Iterable<Uint8Array>) {
  try {
    yield* input
  } catch (e) {
    throw new InputStreamError(e)
  }
}

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
