/** Counts bytes as they stream past, for progress bars, without copying them. */

/**
 * Passes chunks through, calling `onBytes` with each chunk's length.
 * @example
 * await client.putObject('b', 'k', countBytes(createReadStream(path), (n) => bar.add(n)), size)
 */
export async function* countBytes(
  source: AsyncIterable<Uint8Array | string>,
  onBytes: (bytes: number) => void,
): AsyncGenerator<Uint8Array> {
  for await (const chunk of source) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk
    onBytes(bytes.length)
    yield bytes
  }
}
