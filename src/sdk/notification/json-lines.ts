/** Splits a byte stream of newline-delimited JSON (with whitespace keep-alives) into values. */

/**
 * Yields one parsed value per non-blank line; a line that is not JSON yields an `Error` naming
 * it (the caller decides whether that ends the stream). Leading whitespace, such as the single
 * spaces servers send as keep-alives, is skipped.
 * @example
 * for await (const value of splitJsonLines(stream)) console.log(value)
 */
export async function* splitJsonLines(chunks: AsyncIterable<Uint8Array | string>): AsyncGenerator<unknown> {
  const decoder = new TextDecoder()
  let pending = ''
  for await (const chunk of chunks) {
    pending += typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true })
    let eol = pending.indexOf('\n')
    while (eol !== -1) {
      const line = pending.slice(0, eol).trim()
      pending = pending.slice(eol + 1)
      if (line !== '') yield parse(line)
      eol = pending.indexOf('\n')
    }
  }
  const rest = (pending + decoder.decode()).trim()
  if (rest !== '') yield parse(rest)
}

function parse(line: string): unknown {
  try {
    return JSON.parse(line)
  } catch {
    return new Error(`listenBucketNotification: not a JSON line: ${line.slice(0, 200)}`)
  }
}
