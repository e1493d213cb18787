import type { DriveLocation, DriveRange, StorageDrive } from '../../../../src/server/storage/storage-drive.js'
import { bodyOf, md5Hex, readAll } from '../contract/helpers.js'
import { useStorage } from '../contract/use-storage.js'

/** One drive under test, opened on a fresh, empty folder. */
export interface DriveUnderTest {
  drive: StorageDrive
  /** Where `drive` is (its format.json, its folder). */
  location: DriveLocation
  /** A location whose folder does not exist (an unmounted disk). */
  absent: DriveLocation
  /** Closes the drive (if still open) and removes its storage. */
  cleanup(): Promise<void>
  /** Closes the drive and opens it again on the same storage; `drive` is updated. */
  reopen(): Promise<StorageDrive>
  /** Files of shard writes received and not committed (temp files). */
  countTempFiles(): Promise<number>
  /** Committed files (records' and parts'). */
  countDataFiles(): Promise<number>
  /** Bytes the drive can still take before its free-space reserve. */
  freeBytes(): Promise<number>
}

/** Opens a fresh drive for one test. */
export type OpenDrive = () => Promise<DriveUnderTest>

/** Opens a fresh drive before each test and removes it after; returns a getter for it. */
export const useDrive: (open: OpenDrive) => () => DriveUnderTest = useStorage

/** Writes `bytes` as the shard file of `bucket/key` and commits it with `meta` (ETag: its MD5). */
export async function putShard(
  drive: StorageDrive,
  bucket: string,
  key: string,
  bytes: Uint8Array | string,
  meta = 'meta',
): Promise<void> {
  const staged = await drive.writeShard({ bucket, key }, bodyOf(bytes))
  await drive.commitShard(staged.id, { etag: md5Hex(bytes), meta })
}

/** The bytes of `bucket/key`'s file (or of `range`), whether the drive hands bytes or a stream. */
export async function readShardBytes(
  drive: StorageDrive,
  bucket: string,
  key: string,
  range?: DriveRange,
): Promise<Buffer> {
  const whole = range ?? { start: 0, end: (await drive.readObject(bucket, key)).size - 1 }
  const read = await drive.readShard(bucket, key, whole)
  if (read.data) return Buffer.from(read.data)
  return readAll(read.body!)
}

/** A body that notes whether it was asked for a byte. */
export function watchedBody(bytes: Uint8Array): { body: AsyncGenerator<Uint8Array>; pulled: () => boolean } {
  let pulled = false
  async function* body() {
    pulled = true
    yield bytes
  }
  return { body: body(), pulled: () => pulled }
}

/** What crosses a process boundary as JSON comes back the same: plain data only. */
export function asJson<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T
}
