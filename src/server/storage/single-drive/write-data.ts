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
  /** Hash the body (default true); false when the caller hands the ETag in (a shard file). */
  md5?: boolean
  /**
   * The caller admitted the body already (through the drive's free-space guard, or by room an
   * erasure write reserved on the drive): the guard is not asked again.
   */
  admitted?: boolean
}

/**
 * Receives and verifies a body: kept in memory when it fits `inlineLimit` (returned as
 * `inline`), else written to `tmp/<id>` and renamed to `data/` (synced when the drive fsyncs).
 * On failure nothing is left behind. Nothing points at the data yet: the caller commits.
 * A drive short of free space refuses the body before reading it, and a disk that fills up
 * while it streams in, with 507 XSiloStorageFull (see free-space.ts).
 */
export function writeData(
  drive: Drive,
  id: string,
  input: DataInput,
  inlineLimit: number,
): Promise<ReceivedBody> {
  return withAdmission(drive, input, inlineLimit, async (expectedMd5) => {
    const received = await receiveData(drive, id, input, inlineLimit, expectedMd5)
    if (!received.inline) await placeData(drive, id)
    return received
  })
}

/**
 * Receives and verifies a body as writeData does, but leaves a file body in `tmp/<id>` (synced
 * when the drive fsyncs): a staged shard file, which placeData moves into `data/` at its commit.
 * Until then a crash leaves only the temp file, which the next open removes.
 */
export function stageData(
  drive: Drive,
  id: string,
  input: DataInput,
  inlineLimit: number,
): Promise<ReceivedBody> {
  return withAdmission(drive, input, inlineLimit, (expectedMd5) =>
    receiveData(drive, id, input, inlineLimit, expectedMd5),
  )
}

/** Moves a received file body from `tmp/<id>` to `data/`; on failure the temp file is removed. */
export async function placeData(drive: Drive, id: string): Promise<void> {
  const tmpPath = tmpPathOf(drive.layout, id)
  try {
    await ensureDataDir(drive.layout, id, drive.fsync)
    await rename(tmpPath, dataPathOf(drive.layout, id))
    if (drive.fsync) await syncDirectory(dataDirOf(drive.layout, id))
  } catch (error) {
    await rm(tmpPath, { force: true })
    throw isOutOfSpace(error) ? storageFull() : error
  }
}

/** Removes a received file body still in `tmp/` (a staged shard file discarded). */
export async function removeTempData(drive: Drive, id: string): Promise<void> {
  await rm(tmpPathOf(drive.layout, id), { force: true })
}

/**
 * Runs `receive` with the hex MD5 Content-MD5 declares, admitted by the drive's free-space guard:
 * a malformed Content-MD5 (InvalidDigest) and a drive short of room (507) fail before a byte is read.
 */
async function withAdmission<T>(
  drive: Drive,
  input: DataInput,
  inlineLimit: number,
  receive: (expectedMd5: string | undefined) => Promise<T>,
): Promise<T> {
  const expectedMd5 = input.contentMd5 === undefined ? undefined : parseContentMd5(input.contentMd5)
  if (input.admitted) return receive(expectedMd5)
  const release = drive.space.admit({
    bytes: input.size ?? 0,
    inMetadata: input.size !== undefined && input.size <= inlineLimit,
  })
  try {
    return await receive(expectedMd5)
  } finally {
    release()
  }
}

/** Receives the body into memory or `tmp/<id>` and checks Content-MD5; on failure removes the file. */
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
      md5: input.md5 !== false || expectedMd5 !== undefined,
    })
    if (expectedMd5 !== undefined && expectedMd5 !== received.md5Hex) {
      throw new S3ServerError('BadDigest', undefined, { ExpectedDigest: expectedMd5 })
    }
    return received
  } catch (error) {
    await rm(tmpPath, { force: true })
    throw isOutOfSpace(error) ? storageFull() : error
  }
}
