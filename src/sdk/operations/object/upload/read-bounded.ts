/** Reads a stream of unknown length into memory, up to a limit. */
import { type ChunkSource, iterateChunks } from '../../../body/chunks.js'

/**
 * The stream's bytes if it holds at most `limit` of them, else undefined (reading stops at the
 * first byte past the limit, so memory stays bounded).
 * @example
 * const bytes = await readBounded(stream, 5 * 1024 * 1024)
 */
export async function readBounded(source: ChunkSource, limit: number): Promise<Uint8Array | undefined> {
  const chunks: Uint8Array[] = []
  let total = 0
  for await (const chunk of iterateChunks(source)) {
    total += chunk.byteLength
    if (total > limit) return undefined
    chunks.push(chunk)
  }
  if (chunks.length === 1) return chunks[0]
  const bytes = new Uint8Array(total)
  let offset = 0
  for (const chunk of chunks) {
    bytes.set(chunk, offset)
    offset += chunk.byteLength
  }
  return bytes
}
