import type { StorageBackend } from '../../../../src/server/storage/types.js'

/** One backend under test, opened on fresh, empty storage. */
export interface StorageUnderTest {
  backend: StorageBackend
  /** Closes the backend (if still open) and removes its storage. */
  cleanup(): Promise<void>
  /** Closes the backend and opens a new one on the same storage; `backend` is updated. */
  reopen?(): Promise<StorageBackend>
  /**
   * Closes the backend, then runs a writer in another process that dies (SIGKILL) while
   * streaming a body to `bucket`/`key`, then opens again; `backend` is updated.
   */
  crashMidWrite?(bucket: string, key: string): Promise<StorageBackend>
  /** Files of writes in progress or abandoned (temp files): 0 whenever nothing is being written. */
  countTempFiles?(): Promise<number>
  /** Committed data files (objects' and parts'), to check that nothing is left behind. */
  countDataFiles?(): Promise<number>
}

/** Opens a fresh backend for one test. */
export type OpenStorage = () => Promise<StorageUnderTest>
