import type { ObjectLayer } from '../../../../src/server/storage/object-layer.js'

/** One backend under test, opened on fresh, empty storage. */
export interface StorageUnderTest {
  backend: ObjectLayer
  /** Closes the backend (if still open) and removes its storage. */
  cleanup(): Promise<void>
  /** Closes the backend and opens a new one on the same storage; `backend` is updated. */
  reopen?(): Promise<ObjectLayer>
  /**
   * Closes the backend, then runs a writer in another process that dies (SIGKILL) while
   * streaming a body to `bucket`/`key`, then opens again; `backend` is updated.
   */
  crashMidWrite?(bucket: string, key: string): Promise<ObjectLayer>
  /** Files of writes in progress or abandoned (temp files): 0 whenever nothing is being written. */
  countTempFiles?(): Promise<number>
  /**
   * What usedBytes() counts: 'logical' (default) the sum of object sizes; 'raw' every byte on
   * every drive (shards, parity, hashes, as MinIO's "used across disks"), only checked to be at
   * least the logical sum and 0 when nothing is stored.
   */
  usedBytes?: 'logical' | 'raw'
  /** Committed data files (objects' and parts'), to check that nothing is left behind. */
  countDataFiles?(): Promise<number>
}

/** Opens a fresh backend for one test. */
export type OpenStorage = () => Promise<StorageUnderTest>

/** Checks usedBytes() against the logical sum of object sizes, as the backend counts it. */
export async function expectUsedBytes(storage: StorageUnderTest, logical: number): Promise<void> {
  const used = await storage.backend.usedBytes()
  if (storage.usedBytes !== 'raw' || logical === 0) {
    if (used !== logical) throw new Error(`usedBytes() is ${used}, expected ${logical}`)
  } else if (used < logical) {
    throw new Error(`usedBytes() is ${used}, less than the ${logical} bytes stored`)
  }
}
