import { rename, rm } from 'node:fs/promises'
import { S3ServerError } from '../../errors.js'
import type { ObjectInfo, PutObjectInput } from '../types.js'
import { parseContentMd5 } from './content-md5.js'
import { removeDataFile } from './data-files.js'
import type { Drive } from './drive.js'
import { syncDirectory } from './durability.js'
import { encodeObjectKey } from './key-codec.js'
import { createObjectId, dataDirOf, dataPathOf, tmpPathOf } from './layout.js'
import { noSuchBucket, requireBucket } from './lookup.js'
import { STATE_KEYS } from './meta-store.js'
import { receiveBody } from './receive-body.js'
import { type StoredObject, toObjectInfo } from './records.js'

/**
 * Stores an object: body → temp file (hashed, counted, verified) → rename into `data/` →
 * metadata commit. Until the commit nothing is visible, so a failure at any step stores nothing.
 */
export async function putObject(drive: Drive, input: PutObjectInput): Promise<ObjectInfo> {
  const expectedMd5 = input.contentMd5 === undefined ? undefined : parseContentMd5(input.contentMd5)
  requireBucket(drive, input.bucket)
  const id = createObjectId()
  const stored = await writeDataFile(drive, id, input, expectedMd5)
  const outcome = await commitObject(drive, input.bucket, input.key, stored).catch(async (error) => {
    await removeDataFile(drive, id)
    throw error
  })
  if (outcome.missingBucket) {
    await removeDataFile(drive, id)
    throw noSuchBucket(input.bucket)
  }
  // After the commit no reader can find the old file by metadata; one that already opened it
  // keeps its descriptor, which POSIX keeps readable after unlink.
  if (outcome.replacedId) await removeDataFile(drive, outcome.replacedId)
  return toObjectInfo(input.bucket, input.key, stored)
}

/** Receives the body into `tmp/<id>`, verifies it, and renames it to `data/`; never leaves a temp. */
async function writeDataFile(
  drive: Drive,
  id: string,
  input: PutObjectInput,
  expectedMd5: string | undefined,
): Promise<StoredObject> {
  const tmpPath = tmpPathOf(drive.layout, id)
  try {
    const received = await receiveBody(input.body, tmpPath, {
      size: input.size,
      signal: input.signal,
      fsync: drive.fsync,
    })
    if (expectedMd5 !== undefined && expectedMd5 !== received.md5Hex) {
      throw new S3ServerError('BadDigest', undefined, { ExpectedDigest: expectedMd5 })
    }
    await rename(tmpPath, dataPathOf(drive.layout, id))
    if (drive.fsync) await syncDirectory(dataDirOf(drive.layout, id))
    return {
      id,
      size: received.size,
      etag: received.md5Hex,
      mtime: Date.now(),
      contentType: input.contentType ?? 'application/octet-stream',
      headers: lowerCaseKeys(input.headers ?? {}),
    }
  } catch (error) {
    await rm(tmpPath, { force: true })
    throw error
  }
}

interface CommitOutcome {
  missingBucket: boolean
  replacedId?: string
}

/** Points `key` at the new data file and adjusts the byte counter, in one transaction. */
function commitObject(
  drive: Drive,
  bucket: string,
  key: string,
  stored: StoredObject,
): Promise<CommitOutcome> {
  const { buckets, objects, state } = drive.meta
  const lmdbKey = encodeObjectKey(bucket, key)
  return drive.commits.run((view) => {
    // The bucket may have been deleted while the body streamed in.
    if (!view.get(buckets, bucket)) return { missingBucket: true }
    const previous = view.get(objects, lmdbKey)
    const used = (view.get(state, STATE_KEYS.usedBytes) as number | undefined) ?? 0
    view.put(objects, lmdbKey, stored)
    view.put(state, STATE_KEYS.usedBytes, used + stored.size - (previous?.size ?? 0))
    return { missingBucket: false, replacedId: previous?.id }
  })
}

function lowerCaseKeys(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]))
}
