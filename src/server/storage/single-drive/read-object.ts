import { Readable } from 'node:stream'
import { S3ServerError } from '../../errors.js'
import type { ByteRange, GetObjectResult, ObjectInfo } from '../object-layer.js'
import type { Drive } from './drive.js'
import { FileBody } from './file-body.js'
import { dataPathOf } from './layout.js'
import { openIfExists } from './open-data-file.js'
import { openPartsStream } from './parts-stream.js'
import { requireReadable, versionInfo } from './read-version.js'
import type { StoredObject } from './records.js'

// A writer can replace the object and unlink its file between our metadata read and our open;
// the retry reads the newer metadata. Needing more than a few tries means something is wrong.
const OPEN_ATTEMPTS = 5

/**
 * The object's metadata (`versionId`: that version's), or NoSuchKey / NoSuchBucket /
 * NoSuchVersion, and a delete marker's answers (read-version.ts).
 */
export function headObject(drive: Drive, bucket: string, key: string, versionId?: string): ObjectInfo {
  return versionInfo(bucket, key, requireReadable(drive, bucket, key, versionId, 'HEAD'), versionId, true)
}

/**
 * The object's bytes (or the inclusive `range`). Inline objects come straight from LMDB, no
 * file I/O. Data files are opened before returning, so a concurrent overwrite or delete cannot
 * take the bytes away mid-read: the reader keeps the version it opened, whole.
 */
export async function getObject(
  drive: Drive,
  bucket: string,
  key: string,
  range?: ByteRange,
  versionId?: string,
  lookup: (drive: Drive, bucket: string, key: string, versionId?: string) => StoredObject = readableForGet,
): Promise<GetObjectResult> {
  for (let attempt = 0; attempt < OPEN_ATTEMPTS; attempt++) {
    const stored = lookup(drive, bucket, key, versionId)
    const info = versionInfo(bucket, key, stored, versionId, true)
    if (stored.layout === 'inline') {
      const blob = drive.meta.blobs.get(stored.id)
      if (blob) return new InlineResult(info, range ? blob.subarray(range.start, range.end + 1) : blob)
      continue
    }
    const body = await openBody(drive, stored, range)
    if (body) return { info, body }
  }
  throw new S3ServerError('InternalError', `The data of ${bucket}/${key} kept disappearing while opening it.`)
}

function readableForGet(drive: Drive, bucket: string, key: string, versionId?: string): StoredObject {
  return requireReadable(drive, bucket, key, versionId, 'GET')
}

/**
 * A result whose stream is made only if the caller asks for it (most send `data` directly). A
 * class, so the lazy getter lives on the prototype instead of being defined per result.
 */
class InlineResult implements GetObjectResult {
  #body: Readable | undefined
  constructor(
    readonly info: ObjectInfo,
    readonly data: Buffer,
  ) {}

  get body(): Readable {
    this.#body ??= Readable.from([this.data], { objectMode: false })
    return this.#body
  }
}

async function openBody(
  drive: Drive,
  stored: StoredObject,
  range?: ByteRange,
): Promise<Readable | undefined> {
  if (stored.layout === 'parts') return openPartsStream(drive.layout, stored.parts ?? [], range)
  const file = await openIfExists(dataPathOf(drive.layout, stored.id))
  if (!file) return undefined
  // Read buffers are sized to the bytes read, so an object of a few KiB does not allocate 1 MiB.
  const { start, end } = range ?? { start: 0, end: stored.size - 1 }
  return new FileBody([{ file, open: async () => undefined, start, end }])
}
