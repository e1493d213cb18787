import { describe, expect, it } from 'vitest'
import { expectUsedBytes, type OpenStorage } from './harness.js'
import {
  bodyOf,
  expectS3Error,
  getText,
  md5Hex,
  patternBytes,
  putText,
  readAll,
  readableOf,
} from './helpers.js'
import { useStorage } from './use-storage.js'

const SPECIAL_KEYS = [
  'a',
  'a/b',
  'a/b/c',
  '../x',
  '../../etc/passwd',
  '/leading-slash',
  'trailing-slash/',
  'a//double',
  '.',
  '..',
  'with space',
  '!bang',
  'back\\slash',
  'percent%2Fencoded',
  'question?and#hash',
  'ünïcödé/日本語/😀',
  'e\u0301 combining',
  'x'.repeat(1024),
  'é'.repeat(512),
]

/** Put, get (whole and ranges), head, delete, special keys, the byte counter. */
export function describeObjects(open: OpenStorage): void {
  describe('objects', () => {
    const storage = useStorage(open)
    const bucket = 'objects'
    const setUp = async () => {
      await storage().backend.createBucket(bucket, '')
      return storage().backend
    }

    it('stores an object and returns its size, MD5 ETag, type and headers', async () => {
      const backend = await setUp()
      const before = Date.now()
      const info = await backend.putObject({
        bucket,
        key: 'hello.txt',
        body: bodyOf('hello world'),
        contentType: 'text/plain',
        headers: { 'x-amz-meta-Owner': 'ann', 'cache-control': 'no-cache' },
      })
      expect(info).toMatchObject({ bucket, key: 'hello.txt', size: 11, etag: md5Hex('hello world') })
      expect(info.contentType).toBe('text/plain')
      expect(info.headers).toEqual({ 'x-amz-meta-owner': 'ann', 'cache-control': 'no-cache' })
      expect(info.lastModified.getTime()).toBeGreaterThanOrEqual(before - 1000)
      expect(await backend.headObject(bucket, 'hello.txt')).toEqual(info)
      const got = await backend.getObject(bucket, 'hello.txt')
      expect(got.info).toEqual(info)
      expect((await readAll(got.body)).toString()).toBe('hello world')
    })

    it('defaults the content type to application/octet-stream', async () => {
      const backend = await setUp()
      const info = await putText(backend, bucket, 'k', 'v')
      expect(info.contentType).toBe('application/octet-stream')
      expect(info.headers).toEqual({})
    })

    it('stores an empty object', async () => {
      const backend = await setUp()
      const info = await backend.putObject({ bucket, key: 'empty', body: bodyOf(''), size: 0 })
      expect(info).toMatchObject({ size: 0, etag: 'd41d8cd98f00b204e9800998ecf8427e' })
      expect(await getText(backend, bucket, 'empty')).toBe('')
    })

    it('streams a multi-MiB body from a Readable and returns it intact', async () => {
      const backend = await setUp()
      const data = patternBytes(5 * 1024 * 1024 + 123)
      const info = await backend.putObject({ bucket, key: 'big', body: readableOf(data), size: data.length })
      expect(info.etag).toBe(md5Hex(data))
      const { body } = await backend.getObject(bucket, 'big')
      expect((await readAll(body)).equals(data)).toBe(true)
    })

    it.each([
      ['first byte', 0, 0],
      ['a middle slice', 5, 9],
      ['the last byte', 99_999, 99_999],
      ['everything', 0, 99_999],
      ['across a 64 KiB boundary', 65_530, 65_545],
    ])('returns only the requested range: %s', async (_, start, end) => {
      const backend = await setUp()
      const data = patternBytes(100_000)
      await backend.putObject({ bucket, key: 'ranged', body: bodyOf(data) })
      const { info, body } = await backend.getObject(bucket, 'ranged', { start, end })
      expect(info.size).toBe(100_000)
      expect((await readAll(body)).equals(data.subarray(start, end + 1))).toBe(true)
    })

    it('answers NoSuchKey for a missing key and NoSuchBucket for a missing bucket', async () => {
      const backend = await setUp()
      await expectS3Error(backend.getObject(bucket, 'missing'), 'NoSuchKey')
      await expectS3Error(backend.headObject(bucket, 'missing'), 'NoSuchKey')
      await expectS3Error(backend.getObject('no-bucket', 'k'), 'NoSuchBucket')
      await expectS3Error(backend.headObject('no-bucket', 'k'), 'NoSuchBucket')
      await expectS3Error(putText(backend, 'no-bucket', 'k', 'v'), 'NoSuchBucket')
      await expectS3Error(backend.deleteObject('no-bucket', 'k'), 'NoSuchBucket')
      await expectS3Error(backend.listObjects({ bucket: 'no-bucket' }), 'NoSuchBucket')
    })

    it('deletes an object; deleting a missing key succeeds', async () => {
      const backend = await setUp()
      await putText(backend, bucket, 'k', 'v')
      await backend.deleteObject(bucket, 'k')
      await expectS3Error(backend.headObject(bucket, 'k'), 'NoSuchKey')
      await expect(backend.deleteObject(bucket, 'k')).resolves.toEqual({})
      await expect(backend.deleteObject(bucket, 'never-was')).resolves.toEqual({})
    })

    it('replaces an object on a second put', async () => {
      const backend = await setUp()
      await backend.putObject({ bucket, key: 'k', body: bodyOf('one'), contentType: 'text/a' })
      const second = await backend.putObject({ bucket, key: 'k', body: bodyOf('second') })
      expect(await getText(backend, bucket, 'k')).toBe('second')
      expect(await backend.headObject(bucket, 'k')).toEqual(second)
      expect(second.contentType).toBe('application/octet-stream')
    })

    it('keeps keys that a file system could not: each is its own object', async () => {
      const backend = await setUp()
      for (const key of SPECIAL_KEYS) await putText(backend, bucket, key, `body of ${key}`)
      for (const key of SPECIAL_KEYS) expect(await getText(backend, bucket, key)).toBe(`body of ${key}`)
      const listed = (await backend.listObjects({ bucket })).objects.map((o) => o.key)
      expect(listed.sort()).toEqual([...SPECIAL_KEYS].sort())
    })

    it('counts used bytes across puts, replacements and deletes', async () => {
      const backend = await setUp()
      await expectUsedBytes(storage(), 0)
      await putText(backend, bucket, 'a', '12345')
      await putText(backend, bucket, 'b', '123')
      await expectUsedBytes(storage(), 8)
      await putText(backend, bucket, 'a', '1')
      await expectUsedBytes(storage(), 4)
      await backend.deleteObject(bucket, 'b')
      await backend.deleteObject(bucket, 'b')
      await expectUsedBytes(storage(), 1)
    })
  })
}
