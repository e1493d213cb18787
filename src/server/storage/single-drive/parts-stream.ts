import type { Readable } from 'node:stream'
import type { ByteRange } from '../object-layer.js'
import { FileBody } from './file-body.js'
import { dataPathOf, type Layout } from './layout.js'
import { openIfExists } from './open-data-file.js'
import type { StoredPartRef } from './records.js'

// Parts opened before the stream is returned. Opening all of them pins the version being read
// (POSIX keeps unlinked files readable through open descriptors); past this many we open the rest
// as the stream reaches them rather than hold thousands of descriptors per GET.
const EAGER_OPENS = 256

/** The bytes of one part to send: an inclusive range within the part's file. */
interface Slice {
  id: string
  start: number
  end: number
}

/**
 * Streams a multipart object's bytes (or the inclusive `range`) across its part files: a range
 * seeks straight into the part that holds its first byte. Resolves undefined when a part file is
 * already gone, so the caller retries with fresh metadata.
 */
export async function openPartsStream(
  layout: Layout,
  parts: readonly StoredPartRef[],
  range: ByteRange | undefined,
): Promise<Readable | undefined> {
  const slices = slicesOf(parts, range)
  const opened = await Promise.all(
    slices.slice(0, EAGER_OPENS).map((s) => openIfExists(dataPathOf(layout, s.id))),
  )
  if (opened.some((file) => file === undefined)) {
    await Promise.all(opened.map((file) => file?.close()))
    return undefined
  }
  return new FileBody(
    slices.map((slice, i) => ({
      file: opened[i],
      open: () => openIfExists(dataPathOf(layout, slice.id)),
      start: slice.start,
      end: slice.end,
    })),
  )
}

/** The part slices covering `range` (everything when absent), skipping empty parts. */
function slicesOf(parts: readonly StoredPartRef[], range: ByteRange | undefined): Slice[] {
  const total = parts.reduce((sum, p) => sum + p.size, 0)
  const first = range?.start ?? 0
  const last = range?.end ?? total - 1
  const slices: Slice[] = []
  let offset = 0
  for (const part of parts) {
    const partEnd = offset + part.size - 1
    if (part.size > 0 && partEnd >= first && offset <= last) {
      slices.push({
        id: part.id,
        start: Math.max(first, offset) - offset,
        end: Math.min(last, partEnd) - offset,
      })
    }
    offset += part.size
  }
  return slices
}
