import { describe, expect, it } from 'vitest'
import { expectS3Error } from '../contract/helpers.js'
import { asJson, type OpenDrive, putShard, useDrive } from './harness.js'

/** A drive's page of records: what the erasure set merges into a listing and walks for heal. */
export function describeDriveListing(open: OpenDrive): void {
  describe('listing', () => {
    const under = useDrive(open)
    const bucket = 'listed'

    it('lists records in UTF-8 byte order, with their metadata, by prefix, delimiter and pages', async () => {
      const { drive } = under()
      await drive.createBucket(bucket, '')
      // '\uFFFD' sorts before '😀' in UTF-8 bytes, after it in UTF-16 units.
      const keys = ['a', 'dir/x', 'dir/y', 'dir/sub/z', 'b', '\uFFFD', '😀']
      for (const key of keys) await putShard(drive, bucket, key, key, `meta of ${key}`)
      const all = await drive.listObjects({ bucket })
      expect(all).toEqual(asJson(all))
      expect(all.objects.map((o) => o.key)).toEqual(['a', 'b', 'dir/sub/z', 'dir/x', 'dir/y', '\uFFFD', '😀'])
      expect(all.objects[0]).toMatchObject({ key: 'a', size: 1, meta: 'meta of a' })
      expect(all.isTruncated).toBe(false)
      const rolled = await drive.listObjects({ bucket, delimiter: '/' })
      expect(rolled.objects.map((o) => o.key)).toEqual(['a', 'b', '\uFFFD', '😀'])
      expect(rolled.commonPrefixes).toEqual(['dir/'])
      const inDir = await drive.listObjects({ bucket, prefix: 'dir/', delimiter: '/' })
      expect(inDir.objects.map((o) => o.key)).toEqual(['dir/x', 'dir/y'])
      expect(inDir.commonPrefixes).toEqual(['dir/sub/'])
      const first = await drive.listObjects({ bucket, delimiter: '/', maxKeys: 3 })
      expect(first).toMatchObject({ isTruncated: true, nextStartAfter: 'dir/' })
      expect(first.commonPrefixes).toEqual(['dir/'])
      const rest = await drive.listObjects({ bucket, delimiter: '/', startAfter: first.nextStartAfter })
      expect(rest.objects.map((o) => o.key)).toEqual(['\uFFFD', '😀'])
      expect(rest.isTruncated).toBe(false)
      expect((await drive.listObjects({ bucket, maxKeys: 0 })).objects).toEqual([])
    })

    it('answers NoSuchBucket for a missing bucket', async () => {
      await expectS3Error(under().drive.listObjects({ bucket: 'nowhere' }), 'NoSuchBucket')
    })
  })
}
