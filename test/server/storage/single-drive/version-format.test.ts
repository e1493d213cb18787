/**
 * Issue 14: a bucket that never had versioning writes exactly the records it wrote before
 * versioning existed (no version fields, nothing in `versions`), so drives keep their format.
 */
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { encodeObjectKey } from '../../../../src/server/storage/single-drive/key-codec.js'
import { type MetaStore, openMetaStore } from '../../../../src/server/storage/single-drive/meta-store.js'
import { bodyOf, putText } from '../contract/helpers.js'
import { openTempDrive } from './harness.js'

let drive: Awaited<ReturnType<typeof openTempDrive>> | undefined
let meta: MetaStore | undefined
afterEach(async () => {
  await meta?.env.close()
  meta = undefined
  await drive?.cleanup()
  drive = undefined
})

describe('single drive: record format of unversioned buckets', () => {
  it('stores the same fields as before versioning, and versions only when asked', async () => {
    drive = await openTempDrive({ fsync: false })
    const { backend } = drive
    await backend.createBucket('plain', '')
    await putText(backend, 'plain', 'k', 'one')
    await putText(backend, 'plain', 'k', 'two')
    await backend.createBucket('versioned', '')
    await backend.putObject({ bucket: 'versioned', key: 'k', body: bodyOf('one'), versioning: 'Enabled' })
    await backend.putObject({ bucket: 'versioned', key: 'k', body: bodyOf('two'), versioning: 'Enabled' })
    meta = openMetaStore(join(drive.dir, '.silo.sys', 'meta'), { fsync: false })
    const plain = meta.objects.get(encodeObjectKey('plain', 'k'))!
    expect(Object.keys(plain).sort()).toEqual([
      'contentType',
      'etag',
      'headers',
      'id',
      'layout',
      'mtime',
      'size',
    ])
    const latest = meta.objects.get(encodeObjectKey('versioned', 'k'))!
    expect(latest.versionId).toMatch(/^[0-9a-f]{32}$/)
    expect(latest.order).toBe(latest.versionId)
    const noncurrent = Array.from(meta.versions.getRange({}), ({ value }) => value)
    expect(noncurrent.map((v) => v.versionId)).toHaveLength(1)
    expect(noncurrent[0]!.versionId! > latest.versionId!).toBe(true)
  })
})
