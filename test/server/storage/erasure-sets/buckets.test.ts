import { describe, expect, it } from 'vitest'
import { openErasure } from '../../../../src/server/storage/erasure.js'
import type { ObjectLayer } from '../../../../src/server/storage/object-layer.js'
import { expectS3Error, getText, putText } from '../contract/helpers.js'
import { useStorage } from '../contract/use-storage.js'
import { unplug } from '../erasure/fixtures.js'
import { drivesOfSet, keysOfSet, openTempSets } from './harness.js'

const SETS = 3
const BUCKET = 'shared'
/** One key of each set. */
const KEYS = [0, 1, 2].map((set) => keysOfSet(set, SETS, 1)[0]!)

/** Writes a key of every set: each fails with NoSuchBucket where the set lacks the bucket. */
async function writeEverySet(backend: ObjectLayer): Promise<Array<string | undefined>> {
  return Promise.all(
    KEYS.map((key) =>
      putText(backend, BUCKET, key, key).then(
        () => undefined,
        (error: { code?: string }) => error.code ?? String(error),
      ),
    ),
  )
}

describe('erasure sets: buckets', () => {
  const storage = useStorage(() => openTempSets(SETS))

  it('refuses DeleteBucket while one set holds an object, and deletes the bucket from no set', async () => {
    const { backend } = storage()
    await backend.createBucket(BUCKET, '')
    await putText(backend, BUCKET, KEYS[2]!, 'only in the last set')
    await expectS3Error(backend.deleteBucket(BUCKET), 'BucketNotEmpty')
    expect((await backend.listBuckets()).map((b) => b.name)).toEqual([BUCKET])
    expect(await writeEverySet(backend)).toEqual([undefined, undefined, undefined])
    expect(await getText(backend, BUCKET, KEYS[2]!)).toBe(KEYS[2])
  })

  it('refuses DeleteBucket while one set holds only a delete marker', async () => {
    const { backend } = storage()
    await backend.createBucket(BUCKET, '')
    await backend.deleteObject(BUCKET, KEYS[1]!, { versioning: 'Enabled' })
    await expectS3Error(backend.deleteBucket(BUCKET), 'BucketNotEmpty')
    expect(await writeEverySet(backend)).toEqual([undefined, undefined, undefined])
  })

  it('deletes an empty bucket from every set, its documents with it', async () => {
    const { backend } = storage()
    await backend.createBucket(BUCKET, '')
    await backend.putBucketDocument(BUCKET, 'policy.json', '{}')
    for (const key of KEYS) await putText(backend, BUCKET, key, key)
    for (const key of KEYS) await backend.deleteObject(BUCKET, key)
    await backend.deleteBucket(BUCKET)
    expect(await writeEverySet(backend)).toEqual(['NoSuchBucket', 'NoSuchBucket', 'NoSuchBucket'])
    // No drive of any set holds it.
    expect(await backend.healer!.listBucketsToHeal()).toEqual([])
    await backend.createBucket(BUCKET, '')
    expect(await backend.getBucketDocument(BUCKET, 'policy.json')).toBeUndefined()
  })

  it('creates a bucket on every set or on none', async () => {
    const h = storage()
    const plugs = await Promise.all(drivesOfSet(h.dirs, 2).slice(0, 3).map(unplug))
    await expectS3Error(h.backend.createBucket(BUCKET, ''), 'XSiloWriteQuorum')
    // The sets that made it deleted it again: no online drive holds it.
    expect(await h.backend.healer!.listBucketsToHeal()).toEqual([])
    await expectS3Error(h.backend.getBucket(BUCKET), 'NoSuchBucket')
    for (const plug of plugs) await plug()
    await h.backend.createBucket(BUCKET, 'eu-west-1')
    expect(await writeEverySet(h.backend)).toEqual([undefined, undefined, undefined])
    await expectS3Error(h.backend.createBucket(BUCKET, ''), 'BucketAlreadyOwnedByYou')
    expect((await h.backend.getBucket(BUCKET)).region).toBe('eu-west-1')
  })

  it('heals a bucket one set lost (a create or delete cut short) by creating it there', async () => {
    const h = storage()
    await h.backend.createBucket(BUCKET, 'eu-west-1')
    await h.backend.close()
    // The last set alone, as a crash between two sets' deletes leaves it.
    const last = await openErasure(drivesOfSet(h.dirs, 2), { fsync: false })
    await last.deleteBucket(BUCKET)
    await last.close()
    const backend = await h.reopen!()
    expect(await writeEverySet(backend)).toEqual([undefined, undefined, 'NoSuchBucket'])
    const [dry] = await backend.healer!.healBucket(BUCKET, { dryRun: true })
    expect(dry!.detail).toBe('missing from set 3 (would be re-created)')
    expect(await writeEverySet(backend)).toEqual([undefined, undefined, 'NoSuchBucket'])
    const [healed] = await backend.healer!.healBucket(BUCKET, { dryRun: false })
    expect(healed).toMatchObject({
      type: 'bucket',
      detail: 'missing from set 3 (re-created)',
      setCount: SETS,
    })
    expect(healed!.after.drives).toHaveLength(12)
    expect(await writeEverySet(backend)).toEqual([undefined, undefined, undefined])
    const [again] = await backend.healer!.healBucket(BUCKET, { dryRun: false })
    expect(again!.detail).toBe('')
  })
})
