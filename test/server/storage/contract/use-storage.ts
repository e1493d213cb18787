import { afterEach, beforeEach } from 'vitest'

/**
 * Opens fresh storage (a backend, a drive: anything with a `cleanup`) before each test and
 * removes it after; returns a getter for it.
 */
export function useStorage<T extends { cleanup(): Promise<void> }>(open: () => Promise<T>): () => T {
  let current: T | undefined
  beforeEach(async () => {
    current = await open()
  })
  afterEach(async () => {
    await current?.cleanup()
    current = undefined
  })
  return () => current!
}
