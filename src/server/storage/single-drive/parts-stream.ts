import type { FileHandle } from 'node:fs/promises'
import { Readable } from 'node:stream'
import { S3ServerError } from '../../errors.js'
import type { ByteRange } from '../object-layer.js'
import { dataPathOf, type Layout } from './layout.js'
import { openIfExists, READ_CHUNK_SIZE } from './open-data-file.js'
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
  const state = { started: false }
  const stream = Readable.from(readSlices(layout, slices, opened as FileHandle[], state), {
    objectMode: false,
  })
  // Destroyed before its first read (a failed condition, a refused key): the generator never ran,
  // so its clean-up will not either; the parts opened above are closed here.
  stream.once('close', () => {
    if (!state.started) for (const file of opened) file?.close().catch(() => {})
  })
  return stream
}

async function* readSlices(
  layout: Layout,
  slices: Slice[],
  opened: FileHandle[],
  state: { started: boolean },
): AsyncGenerator<Buffer> {
  state.started = true
  let next = 0
  try {
    for (; next < slices.length; next++) {
      const slice = slices[next]!
      const file = opened[next] ?? (await openIfExists(dataPathOf(layout, slice.id)))
      if (!file) throw new S3ServerError('InternalError', 'A part of the object vanished while it was read.')
      opened[next] = file
      // autoClose (the default) closes the handle when this part's stream ends or is destroyed.
      yield* file.createReadStream({
        start: slice.start,
        end: slice.end,
        highWaterMark: READ_CHUNK_SIZE,
      }) as AsyncIterable<Buffer>
    }
  } finally {
    // Stopped early (client gone, error): release the parts never reached.
    for (const file of opened.slice(next + 1)) await file?.close().catch(() => {})
  }
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
