import { HttpResponse, http } from 'msw'
import { describe, expect, it } from 'vitest'
import type { BucketItemFromList } from '../../src/index.js'
import { MOCK_BASE, mockClient, useMockServer } from './support/msw.js'

const { server } = useMockServer()
const LIST =
  '<ListAllMyBucketsResult><Owner><ID>1</ID></Owner><Buckets><Bucket><Name>2024</Name>' +
  '<CreationDate>2024-01-02T03:04:05.000Z</CreationDate></Bucket></Buckets></ListAllMyBucketsResult>'

function callback<T>(start: (cb: (err: Error | null, result?: T) => void) => unknown) {
  return new Promise<{ err: Error | null; result: T | undefined; returned: unknown }>((resolve) => {
    const returned = start((err, result) => resolve({ err, result, returned }))
  })
}

describe('callback and Promise forms', () => {
  it('returns a Promise without a callback', async () => {
    server.use(http.get(`${MOCK_BASE}/`, () => HttpResponse.xml(LIST)))
    const buckets = await mockClient().listBuckets()
    expect(buckets).toEqual([{ name: '2024', creationDate: new Date('2024-01-02T03:04:05.000Z') }])
  })

  it('calls back with (null, result) and returns undefined', async () => {
    server.use(http.get(`${MOCK_BASE}/`, () => HttpResponse.xml(LIST)))
    const client = mockClient()
    const outcome = await callback<BucketItemFromList[]>((cb) => client.listBuckets(cb))
    expect(outcome.err).toBeNull()
    expect(outcome.result?.[0]?.name).toBe('2024')
    expect(outcome.returned).toBeUndefined()
  })

  it('calls back with null for operations without a result', async () => {
    server.use(http.delete(`${MOCK_BASE}/photos`, () => new HttpResponse(null, { status: 204 })))
    const client = mockClient()
    const outcome = await callback((cb) => client.removeBucket('photos', cb))
    expect(outcome.err).toBeNull()
  })

  it('calls back with the S3Error on failure', async () => {
    server.use(http.head(`${MOCK_BASE}/photos/a`, () => new HttpResponse(null, { status: 404 })))
    const client = mockClient()
    const outcome = await callback((cb) => client.statObject('photos', 'a', cb))
    expect(outcome.err).toMatchObject({ name: 'S3Error', code: 'NotFound' })
  })

  it('finds the callback after optional arguments', async () => {
    server.use(http.put(`${MOCK_BASE}/photos/a`, () => new HttpResponse(null, { headers: { etag: '"x"' } })))
    const client = mockClient()
    const withMeta = await callback((cb) => client.putObject('photos', 'a', 'x', { owner: 'ana' }, cb))
    expect(withMeta).toMatchObject({ err: null, result: { etag: 'x', versionId: null } })
    const withBoth = await callback((cb) => client.putObject('photos', 'a', 'x', 1, { owner: 'ana' }, cb))
    expect(withBoth.err).toBeNull()
    const bare = await callback((cb) => client.putObject('photos', 'a', 'x', cb))
    expect(bare.err).toBeNull()
  })

  describe('argument errors travel the same way', () => {
    const client = mockClient()
    it.each<[string, () => Promise<unknown>, string]>([
      ['bad bucket name', () => client.makeBucket('Not_Valid'), 'InvalidBucketNameError'],
      ['bad object name', () => client.statObject('photos', ''), 'InvalidObjectNameError'],
      // minio-js's classes: TypeError for data; a string's own length wins over any size, so a
      // negative size is refused for streams only.
      ['bad data', () => client.putObject('photos', 'a', 42 as never), 'TypeError'],
      [
        'bad size',
        () => client.putObject('photos', 'a', new Blob(['x']).stream(), -1),
        'InvalidArgumentError',
      ],
      [
        'bad metadata value',
        () => client.putObject('photos', 'a', 'x', { k: 'a\nb' }),
        'InvalidArgumentError',
      ],
      ['bad getOpts', () => client.getObject('photos', 'a', 'v1' as never), 'InvalidArgumentError'],
      [
        'bad versionId',
        () => client.removeObject('photos', 'a', { versionId: 1 as never }),
        'InvalidArgumentError',
      ],
    ])('%s rejects (never throws) in Promise form', async (_, call, name) => {
      let promise: Promise<unknown> | undefined
      expect(() => {
        promise = call()
      }).not.toThrow()
      await expect(promise).rejects.toMatchObject({ name })
    })

    it('arrives through the callback in callback form', async () => {
      let outcome: Promise<{ err: Error | null }> | undefined
      expect(() => {
        outcome = callback((cb) => client.bucketExists('UPPER', cb))
      }).not.toThrow()
      expect((await outcome!).err).toMatchObject({
        name: 'InvalidBucketNameError',
        message: expect.stringContaining('"UPPER"'),
      })
    })
  })
})
