import { type FileHandle, open } from 'node:fs/promises'
import { S3ServerError } from '../../errors.js'
import type { ByteRange, GetObjectResult, ObjectInfo } from '../types.js'
import type { Drive } from './drive.js'
import { dataPathOf } from './layout.js'
import { requireObject } from './lookup.js'
import { toObjectInfo } from './records.js'

// A writer can replace the object and unlink its file between our metadata read and our open;
// the retry reads the newer metadata. Needing more than a few tries means something is wrong.
const OPEN_ATTEMPTS = 5

/** The object's metadata, or NoSuchKey / NoSuchBucket. */
export function headObject(drive: Drive, bucket: string, key: string): ObjectInfo {
  return toObjectInfo(bucket, key, requireObject(drive, bucket, key))
}

/**
 * Streams the object (or the inclusive `range`). The file is opened before returning, so a
 * concurrent overwrite or delete cannot take the bytes away mid-read: the reader keeps the
 * version it opened, whole.
 */
export async function getObject(
  drive: Drive,
  bucket: string,
  key: string,
  range?: ByteRange,
): Promise<GetObjectResult> {
  for (let attempt = 0; attempt < OPEN_ATTEMPTS; attempt++) {
    const stored = requireObject(drive, bucket, key)
    const file = await openIfExists(dataPathOf(drive.layout, stored.id))
    if (!file) continue
    const body = file.createReadStream(range ? { start: range.start, end: range.end } : {})
    return { info: toObjectInfo(bucket, key, stored), body }
  }
  throw new S3ServerError('InternalError', `The data of ${bucket}/${key} kept disappearing while opening it.`)
}

async function openIfExists(path: string): Promise<FileHandle | undefined> {
  try {
    return await open(path, 'r')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw error
  }
}
