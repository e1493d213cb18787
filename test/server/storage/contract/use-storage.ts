import { afterEach, beforeEach } from 'vitest'
import type { OpenStorage, StorageUnderTest } from './harness.js'

/** Opens fresh storage before each test and removes it after; returns a getter for it. */
export function useStorage(open: OpenStorage): () => StorageUnderTest {
  let current: StorageUnderTest | undefined
  beforeEach(async () => {
    current = await open()
  })
  afterEach(async () => {
    await current?.cleanup()
    current = undefined
  })
  return () => current!
}
