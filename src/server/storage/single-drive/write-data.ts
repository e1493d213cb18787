import { rename, rm } from 'node:fs/promises'
import { S3ServerError } from '../../errors.js'
import { parseContentMd5 } from '../common/content-md5.js'
import { isOutOfSpace, storageFull } from '../free-space.js'
import type { Drive } from './drive.js'
import { syncDirectory } from './durability.js'
import { dataDirOf, dataPathOf, ensureDataDir, tmpPathOf } from './layout.js'
import { type ReceivedBody, receiveBody } from './receive-body.js'

/** A body to store, as PutObject and UploadPart receive it. */
export interface DataInput {
  body: AsyncIterable<Uint8Array>
  size?: number
  /** Base64 Content-MD5: BadDigest on a mismatch. */
  contentMd5?: string
  signal?: AbortSignal
  /** Set (to anything, even a placeholder) when the caller supplies the ETag: no MD5 is computed. */
  etag?: string
}

/**
 * Receives and verifies a body: kept in memory when it fits `inlineLimit` (returned as
 * `inline`), else written to `tmp/<id>` and renamed to `data/` (synced when the drive fsyncs).
 * On failure nothing is left behind. Nothing points at the data yet: the caller commits.
 * A drive short of free space refuses the body before reading it, and a disk that fills up
 * while it streams in, with 507 XSiloStorageFull (see free-space.ts).
 */
export async function writeData(
  drive: Drive,
  id: string,
  input: DataInput,
  inlineLimit: number,
): Promise<ReceivedBody> {
  const expectedMd5 = input.contentMd5 === undefined ? undefined : parseContentMd5(input.contentMd5)
  const bytes = input.size ?? 0
  const release = drive.space.admit({
    bytes,
    inMetadata: input.size !== undefined && input.size <= inlineLimit,
  })
  try {
    return await receiveData(drive, id, input, inlineLimit, expectedMd5)
  } finally {
    release()
  }
}

async function receiveData(
  drive: Drive,
  id: string,
  input: DataInput,
  inlineLimit: number,
  expectedMd5: string | undefined,
): Promise<ReceivedBody> {
  const tmpPath = tmpPathOf(drive.layout, id)
  try {
    const received = await receiveBody(input.body, tmpPath, {
      size: input.size,
      signal: input.signal,
      fsync: drive.fsync,
      inlineLimit,
      md5: input.etag === undefined || expectedMd5 !== undefined,
    })
    if (expectedMd5 !== undefined && expectedMd5 !== received.md5Hex) {
      throw new S3ServerError('BadDigest', undefined, { ExpectedDigest: expectedMd5 })
    }
    if (received.inline) return received
    await ensureDataDir(drive.layout, id, drive.fsync)
    await rename(tmpPath, dataPathOf(drive.layout, id))
    if (drive.fsync) await syncDirectory(dataDirOf(drive.layout, id))
    return received
  } catch (error) {
    await rm(tmpPath, { force: true })
    throw isOutOfSpace(error) ? storageFull() : error
  }
}
