/**
 * Issue 14: a crash mid-write on a versioned bucket leaves no half version, and the sweep that
 * follows a crash (recovery.ts) keeps the files of noncurrent versions, which live only in the
 * versions database.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { bodyOf, patternBytes, readAll } from '../contract/helpers.js'
import { openTempDrive } from './harness.js'

const BIG = 300 * 1024
const bucket = 'crashy'

let cleanup: (() => Promise<void>) | undefined
afterEach(async () => {
  delete process.env.SILO_CRASH_WRITER_VERSIONING
  await cleanup?.()
  cleanup = undefined
})

describe('single drive: crash on a versioned bucket', () => {
  for (const versioning of ['Enabled', 'Suspended'] as const) {
    it(`a write cut by a crash (${versioning}) leaves no version, and every version's bytes survive the sweep`, async () => {
      const drive = await openTempDrive({ fsync: false })
      cleanup = drive.cleanup
      const { backend } = drive
      await backend.createBucket(bucket, '')
      const v1 = await backend.putObject({
        bucket,
        key: 'k',
        body: bodyOf(patternBytes(BIG, 1)),
        versioning: 'Enabled',
      })
      await backend.putObject({
        bucket,
        key: 'k',
        body: bodyOf(patternBytes(BIG, 2)),
        versioning: 'Suspended',
      })
      const v3 = await backend.putObject({
        bucket,
        key: 'k',
        body: bodyOf(patternBytes(BIG, 3)),
        versioning: 'Enabled',
      })
      const before = await backend.listObjectVersions!({ bucket })
      expect(before.versions.map((v) => v.versionId)).toEqual([v3.versionId, 'null', v1.versionId])

      process.env.SILO_CRASH_WRITER_VERSIONING = versioning
      const reopened = await drive.crashMidWrite!(bucket, 'k')
      expect(await reopened.listObjectVersions!({ bucket })).toEqual(before)
      expect(await drive.countTempFiles!()).toBe(0)
      expect(await drive.countDataFiles!()).toBe(3)
      for (const [versionId, seed] of [
        [v1.versionId, 1],
        ['null', 2],
        [v3.versionId, 3],
      ] as const) {
        const { body } = await reopened.getObject(bucket, 'k', undefined, { versionId })
        expect((await readAll(body)).equals(patternBytes(BIG, seed))).toBe(true)
      }
      expect(await reopened.usedBytes()).toBe(3 * BIG)
    })
  }
})
