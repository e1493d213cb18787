import { rename } from 'node:fs/promises'
import { describe, expect, it } from 'vitest'
import { DocumentCache } from '../../../../src/server/storage/erasure/document-cache.js'
import { bodyOf, expectS3Error } from '../contract/helpers.js'
import { useStorage } from '../contract/use-storage.js'
import { openTempErasure } from './harness.js'

describe('DocumentCache', () => {
  it('answers what it kept, per bucket and name, for one state of the drives', () => {
    const cache = new DocumentCache()
    cache.keep('b', 'policy', 'p', cache.generation, 1)
    cache.keep('b', 'cors', undefined, cache.generation, 1)
    expect(cache.lookup('b', 'policy', 1)).toEqual({ value: 'p' })
    expect(cache.lookup('b', 'cors', 1)).toEqual({ value: undefined })
    expect(cache.lookup('b', 'lifecycle', 1)).toBeUndefined()
    expect(cache.lookup('other', 'policy', 1)).toBeUndefined()
    // Another state of the drives: nothing kept holds, and keeping anew drops the rest.
    expect(cache.lookup('b', 'policy', 2)).toBeUndefined()
    cache.keep('b', 'cors', 'c', cache.generation, 2)
    expect(cache.lookup('b', 'policy', 2)).toBeUndefined()
    expect(cache.lookup('b', 'cors', 2)).toEqual({ value: 'c' })
  })

  it('forgets a bucket, and does not keep a read that a change overtook', async () => {
    const cache = new DocumentCache()
    cache.keep('a', 'policy', 'pa', cache.generation, 0)
    cache.keep('b', 'policy', 'pb', cache.generation, 0)
    const readStarted = cache.generation
    await cache.around('a', async () => {
      expect(cache.lookup('a', 'policy', 0)).toBeUndefined()
      // A read during the change keeps its answer for now; the change's end drops it.
      cache.keep('a', 'policy', 'stale', cache.generation, 0)
    })
    expect(cache.lookup('a', 'policy', 0)).toBeUndefined()
    expect(cache.lookup('b', 'policy', 0)).toEqual({ value: 'pb' })
    // A read that started before the change and answers after it is not kept.
    cache.keep('a', 'policy', 'old', readStarted, 0)
    expect(cache.lookup('a', 'policy', 0)).toBeUndefined()
  })

  it('keeps the buckets found as the documents, forgotten with them', () => {
    const cache = new DocumentCache()
    cache.keepFound('a', cache.generation, 3)
    expect(cache.found('a', 3)).toBe(true)
    expect(cache.found('a', 4)).toBe(false)
    expect(cache.found('b', 3)).toBe(false)
    const started = cache.generation
    cache.forget('a')
    expect(cache.found('a', 3)).toBe(false)
    cache.keepFound('a', started, 3)
    expect(cache.found('a', 3)).toBe(false)
  })

  it('forgets a bucket even when the change fails', async () => {
    const cache = new DocumentCache()
    cache.keep('a', 'policy', 'pa', cache.generation, 0)
    await expect(
      cache.around('a', async () => {
        throw new Error('write quorum missed')
      }),
    ).rejects.toThrow('write quorum missed')
    expect(cache.lookup('a', 'policy', 0)).toBeUndefined()
  })
})

describe('erasure bucket documents read again', () => {
  const storage = useStorage(() => openTempErasure(4))

  it('answers 503 once too few drives are left, though the document was read before', async () => {
    const { backend, dirs } = storage()
    await backend.createBucket('b', '')
    await backend.putBucketDocument('b', 'policy', 'p')
    expect(await backend.getBucketDocument('b', 'policy')).toBe('p')
    for (const dir of dirs.slice(0, 3)) await rename(dir, `${dir}.gone`)
    await expectS3Error(backend.getBucketDocument('b', 'policy'), 'XSiloReadQuorum')
    for (const dir of dirs.slice(0, 3)) await rename(`${dir}.gone`, dir)
    expect(await backend.getBucketDocument('b', 'policy')).toBe('p')
  })

  it('answers as the drives now usable vote, not as the drives before them did', async () => {
    const { backend, dirs } = storage()
    const away = (i: number) => rename(dirs[i]!, `${dirs[i]}.gone`)
    const back = (i: number) => rename(`${dirs[i]}.gone`, dirs[i]!)
    await backend.createBucket('b', '')
    await backend.putBucketDocument('b', 'policy', 'old')
    // Drive 1 away while the document changes on the other three: it keeps the old copy.
    await away(0)
    await backend.putBucketDocument('b', 'policy', 'new')
    expect(await backend.getBucketDocument('b', 'policy')).toBe('new')
    // Drive 1 back, drives 3 and 4 away: one old copy and one new, a tie the first drive wins.
    await back(0)
    await away(2)
    await away(3)
    expect(await backend.getBucketDocument('b', 'policy')).toBe('old')
    await back(2)
    await back(3)
    expect(await backend.getBucketDocument('b', 'policy')).toBe('new')
  })

  it('answers NoSuchBucket to a PUT once the bucket it wrote to before is deleted', async () => {
    const { backend } = storage()
    await backend.createBucket('b', '')
    const put = (key: string) => backend.putObject({ bucket: 'b', key, body: bodyOf('x'), size: 1 })
    await put('k')
    await backend.deleteObject('b', 'k')
    await backend.deleteBucket('b')
    await expectS3Error(put('k'), 'NoSuchBucket')
    await backend.createBucket('b', '')
    await put('k')
    expect((await backend.headObject('b', 'k')).size).toBe(1)
  })
})
