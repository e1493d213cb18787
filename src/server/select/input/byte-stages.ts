import { isUtf8 } from 'node:buffer'
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

/** The length of the UTF-8 sequence `lead` begins (1 for a byte that cannot begin one). */
function sequenceLength(lead: number): number {
  if (lead >= 0xc0 && lead < 0xe0) return 2
  if (lead >= 0xe0 && lead < 0xf0) return 3
  if (lead >= 0xf0 && lead < 0xf8) return 4
  return 1
}

/** Where an unfinished UTF-8 sequence at the end of `bytes` begins (its length when none). */
function unfinishedTail(bytes: Uint8Array): number {
  const n = bytes.byteLength
  for (let k = 1; k <= Math.min(3, n); k++) {
    const b = bytes[n - k]!
    if ((b & 0xc0) === 0x80) continue
    return b >= 0xc0 && sequenceLength(b) > k ? n - k : n
  }
  return n
}

/**
 * Passes `input` through, failing with InvalidTextEncoding at the first chunk that is not UTF-8.
 * Checked in place (no text is decoded); a character split between chunks is checked whole.
 */
export async function* checkUtf8(input: AsyncIterable<Uint8Array>) {
  const fail = () =>
    selectError('InvalidTextEncoding', 'The object is not UTF-8; S3 Select reads only UTF-8 text.')
  let carry: Uint8Array = new Uint8Array(0)
  for await (const chunk of input) {
    let body = chunk
    if (carry.byteLength > 0) {
      const need = sequenceLength(carry[0]!) - carry.byteLength
      if (chunk.byteLength < need) {
        carry = Buffer.concat([carry, chunk])
        yield chunk
        continue
      }
      if (!isUtf8(Buffer.concat([carry, chunk.subarray(0, need)]))) throw fail()
      body = chunk.subarray(need)
      carry = new Uint8Array(0)
    }
    const cut = unfinishedTail(body)
    if (!isUtf8(body.subarray(0, cut))) throw fail()
    carry = Uint8Array.prototype.slice.call(body, cut)
    yield chunk
  }
  if (carry.byteLength > 0) throw fail()
}
