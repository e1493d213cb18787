import { describe, expect, it } from 'vitest'
import { expectUsedBytes, type OpenStorage } from './harness.js'
import { bodyOf, getText, md5Hex, patternBytes, putText, readAll } from './helpers.js'
import { useStorage } from './use-storage.js'

/** Concurrent writers and readers: last commit wins, nobody sees a mix. */
export function describeConcurrency(open: OpenStorage): void {
  describe('concurrency', () => {
    const storage = useStorage(open)
    const bucket = 'concurrent'

    it('leaves exactly one whole version when many writers race on one key', async () => {
      const { backend } = storage()
      await backend.createBucket(bucket, '')
      const versions = Array.from({ length: 12 }, (_, i) => patternBytes(200_000 + i * 1000, i + 1))
      const infos = await Promise.all(
        versions.map((data) => backend.putObject({ bucket, key: 'hot', body: bodyOf(data, 8192) })),
      )
      const { info, body } = await backend.getObject(bucket, 'hot')
      const bytes = await readAll(body)
      const winner = versions.findIndex((v) => v.equals(bytes))
      expect(winner).toBeGreaterThanOrEqual(0)
      expect(info.etag).toBe(md5Hex(bytes))
      expect(infos.map((i) => i.etag)).toContain(info.etag)
      await expectUsedBytes(storage(), bytes.length)
    })

    it('lets a reader that started before an overwrite and a delete finish the old version', async () => {
      const { backend } = storage()
      await backend.createBucket(bucket, '')
      const old = patternBytes(3 * 1024 * 1024, 7)
      await backend.putObject({ bucket, key: 'k', body: bodyOf(old) })
      const reading = await backend.getObject(bucket, 'k')
      await putText(backend, bucket, 'k', 'new')
      const rangeReading = await backend.getObject(bucket, 'k', { start: 1, end: 2 })
      await backend.deleteObject(bucket, 'k')
      expect((await readAll(reading.body)).equals(old)).toBe(true)
      expect(reading.info.etag).toBe(md5Hex(old))
      expect((await readAll(rangeReading.body)).toString()).toBe('ew')
    })

    it('keeps every object and the byte count right under many concurrent writes and deletes', async () => {
      const { backend } = storage()
      await backend.createBucket(bucket, '')
      const keys = Array.from({ length: 200 }, (_, i) => `k${String(i).padStart(3, '0')}`)
      await Promise.all(keys.map((key) => putText(backend, bucket, key, key.repeat(3))))
      await Promise.all(keys.filter((_, i) => i % 2 === 0).map((key) => backend.deleteObject(bucket, key)))
      const listed = (await backend.listObjects({ bucket })).objects.map((o) => o.key)
      expect(listed).toEqual(keys.filter((_, i) => i % 2 === 1))
      await expectUsedBytes(storage(), 100 * 12)
      expect(await getText(backend, bucket, 'k001')).toBe('k001k001k001')
    })

    it('answers reads while writes are in flight', async () => {
      const { backend } = storage()
      await backend.createBucket(bucket, '')
      await putText(backend, bucket, 'stable', 'v1')
      const writes = Array.from({ length: 50 }, (_, i) => putText(backend, bucket, `w${i}`, 'x'))
      const reads = Array.from({ length: 50 }, () => getText(backend, bucket, 'stable'))
      expect(new Set(await Promise.all(reads))).toEqual(new Set(['v1']))
      await Promise.all(writes)
    })
  })
}
