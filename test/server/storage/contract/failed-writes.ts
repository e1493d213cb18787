import { describe, expect, it } from 'vitest'
import type { PutObjectInput } from '../../../../src/server/storage/object-layer.js'
import type { OpenStorage } from './harness.js'
import { bodyOf, expectS3Error, getText, md5Base64, putText, readableOf, stalledBody } from './helpers.js'
import { useStorage } from './use-storage.js'

type Failure = [name: string, code: string, input: Omit<PutObjectInput, 'bucket' | 'key'>]

const FAILURES: Failure[] = [
  ['a body shorter than declared', 'IncompleteBody', { body: bodyOf('short'), size: 10 }],
  ['a body longer than declared', 'IncompleteBody', { body: bodyOf('longer than ten'), size: 10 }],
  ['a Content-MD5 of other bytes', 'BadDigest', { body: bodyOf('payload'), contentMd5: md5Base64('other') }],
  [
    'a Content-MD5 that is not base64 MD5',
    'InvalidDigest',
    { body: bodyOf('payload'), contentMd5: 'not-md5' },
  ],
  ['a Content-MD5 of 15 bytes', 'InvalidDigest', { body: bodyOf('x'), contentMd5: 'AAAAAAAAAAAAAAAAAAAA' }],
]

/** Writes that fail or are aborted store nothing and leave the previous version in place. */
export function describeFailedWrites(open: OpenStorage): void {
  describe('failed writes store nothing', () => {
    const storage = useStorage(open)
    const bucket = 'failures'

    /** Puts `old` at `key`, runs `attempt`, and checks `key` still holds `old` and nothing leaked. */
    async function expectUnchanged(key: string, attempt: () => Promise<unknown>, code?: string) {
      const { backend } = storage()
      await backend.createBucket(bucket, '')
      await putText(backend, bucket, key, 'old')
      const usedBefore = await backend.usedBytes()
      if (code) await expectS3Error(attempt(), code)
      else await expect(attempt()).rejects.toThrow()
      expect(await getText(backend, bucket, key)).toBe('old')
      await expectS3Error(backend.headObject(bucket, `${key}.new`), 'NoSuchKey')
      expect(await backend.usedBytes()).toBe(usedBefore)
      expect((await backend.listObjects({ bucket })).objects.map((o) => o.key)).toEqual([key])
      if (storage().countTempFiles) expect(await storage().countTempFiles!()).toBe(0)
    }

    it.each(FAILURES)('rejects %s with %s', async (_, code, input) => {
      await expectUnchanged(
        'k',
        async () => {
          await storage().backend.putObject({ bucket, key: 'k', ...input })
        },
        code,
      )
    })

    it.each(FAILURES)('stores nothing at a new key for %s', async (_, code, input) => {
      await expectUnchanged('k', () => storage().backend.putObject({ bucket, key: 'k.new', ...input }), code)
    })

    it('accepts a matching Content-MD5', async () => {
      const { backend } = storage()
      await backend.createBucket(bucket, '')
      const info = await backend.putObject({
        bucket,
        key: 'k',
        body: bodyOf('payload'),
        contentMd5: md5Base64('payload'),
      })
      expect(info.size).toBe(7)
    })

    it('stops a stalled body when the signal aborts, storing nothing', async () => {
      const controller = new AbortController()
      const put = () =>
        storage().backend.putObject({
          bucket,
          key: 'k',
          signal: controller.signal,
          body: stalledBody(Buffer.alloc(100_000, 1), () => setTimeout(() => controller.abort(), 20)),
        })
      await expectUnchanged('k', put)
    })

    it('refuses a write whose signal is already aborted', async () => {
      const signal = AbortSignal.abort()
      await expectUnchanged('k', () =>
        storage().backend.putObject({ bucket, key: 'k', body: bodyOf('new'), signal }),
      )
    })

    it('leaves a stream body undestroyed when refusing it, so the server can still answer', async () => {
      const { backend } = storage()
      await backend.createBucket(bucket, '')
      const body = readableOf(Buffer.alloc(100_000, 3))
      await expectS3Error(backend.putObject({ bucket, key: 'k', body, size: 10 }), 'IncompleteBody')
      expect(body.destroyed).toBe(false)
    })

    it('stores nothing when the body stream fails mid-way', async () => {
      async function* failing() {
        yield Buffer.from('partial')
        throw new Error('client went away')
      }
      await expectUnchanged('k', () => storage().backend.putObject({ bucket, key: 'k', body: failing() }))
    })
  })
}
