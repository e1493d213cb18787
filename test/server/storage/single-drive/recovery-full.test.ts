/**
 * Issue 12, defect 4: a drive too full to record that it is open still opens (to serve reads and
 * the deletes that free it); any other failure to record it still fails the open.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { createLayout, prepareLayout } from '../../../../src/server/storage/single-drive/layout.js'
import {
  type MetaStore,
  openMetaStore,
  STATE_KEYS,
} from '../../../../src/server/storage/single-drive/meta-store.js'
import { recoverDrive } from '../../../../src/server/storage/single-drive/recovery.js'

let dir: string | undefined
let meta: MetaStore | undefined
afterEach(async () => {
  await meta?.env.close()
  if (dir) await rm(dir, { recursive: true, force: true })
  meta = undefined
  dir = undefined
})

/** A drive whose lifecycle write fails as lmdb-js reports a failed commit, with `cause`. */
async function openFailing(cause: Error & { code?: unknown }) {
  dir = await mkdtemp(join(tmpdir(), 'silo-recovery-'))
  const layout = createLayout(dir)
  await prepareLayout(layout)
  meta = openMetaStore(layout.meta, { fsync: false })
  // Made at the write, as lmdb-js does: the drive must give the cause a handler itself.
  meta.state.put = (() => {
    const commitError = Promise.reject(cause)
    return Promise.reject(
      Object.assign(new Error('Commit failed (see commitError for details)'), { commitError }),
    )
  }) as typeof meta.state.put
  return { layout, meta }
}

describe('opening a drive whose metadata cannot be written', () => {
  it('opens when the commit failed for lack of space (ENOSPC)', async () => {
    const { layout, meta } = await openFailing(
      Object.assign(new Error('No space left on device'), { code: 28 }),
    )
    await expect(recoverDrive(layout, meta, 'after-crash')).resolves.toBeUndefined()
    expect(meta.state.get(STATE_KEYS.lifecycle)).toBeUndefined()
  })

  it('fails on any other error, naming its cause', async () => {
    const { layout, meta } = await openFailing(Object.assign(new Error('MDB_CORRUPTED'), { code: -30796 }))
    await expect(recoverDrive(layout, meta, 'after-crash')).rejects.toThrow('MDB_CORRUPTED')
  })
})
