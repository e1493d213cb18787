import {
  CreateBucketCommand,
  CreateMultipartUploadCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectVersionsCommand,
  PutBucketVersioningCommand,
  PutObjectCommand,
} from '@aws-sdk/client-s3'
import { describe, expect, it } from 'vitest'
import { failureOf } from '../s3-answers/helpers.js'
import { DRIVES, useIlmBackend, watchRemovals } from './helpers.js'

/** The lifecycle scanner on current versions and uploads, run through the admin hook (issue 14). */
describe.each(DRIVES)('lifecycle scanner: current versions (%s)', (_name, drives) => {
  const backend = useIlmBackend(drives, { batchSize: 2 })
  const put = (Bucket: string, Key: string, Body = 'x', Tagging?: string) =>
    backend.client.send(new PutObjectCommand({ Bucket, Key, Body, Tagging }))
  const exists = async (Bucket: string, Key: string) =>
    (await failureOf(backend.client.send(new HeadObjectCommand({ Bucket, Key })))).code === 'ok'

  it('expires current objects of an unversioned bucket once their days are past, with events', async () => {
    await backend.client.send(new CreateBucketCommand({ Bucket: 'plain' }))
    await watchRemovals(backend, 'plain')
    await put('plain', 'logs/a')
    await put('plain', 'logs/b')
    await put('plain', 'keep/c')
    await backend.rules('plain', [
      { ID: 'logs', Status: 'Enabled', Filter: { Prefix: 'logs/' }, Expiration: { Days: 1 } },
    ])
    const early = await backend.scan()
    expect(early).toMatchObject({ buckets: 1, examined: 3, expired: 0 })
    expect(await exists('plain', 'logs/a')).toBe(true)
    backend.advanceDays(2)
    const due = await backend.scan()
    expect(due).toMatchObject({ examined: 3, expired: 2 })
    expect(await exists('plain', 'logs/a')).toBe(false)
    expect(await exists('plain', 'logs/b')).toBe(false)
    expect(await exists('plain', 'keep/c')).toBe(true)
    await expect.poll(() => backend.records().length, { timeout: 10_000 }).toBe(2)
    const records = backend.records()
    expect(records.map((r) => [r.eventName, decodeURIComponent(r.s3.object.key)]).sort()).toEqual([
      ['s3:ObjectRemoved:Delete', 'logs/a'],
      ['s3:ObjectRemoved:Delete', 'logs/b'],
    ])
    expect(records[0]).toMatchObject({
      userIdentity: { principalId: '' },
      source: { userAgent: 'Internal: [ILM-Expiry]' },
    })
    // A disabled rule expires nothing.
    await put('plain', 'logs/new')
    await backend.rules('plain', [{ ID: 'off', Status: 'Disabled', Filter: {}, Expiration: { Days: 1 } }])
    backend.advanceDays(5)
    expect(await backend.scan()).toMatchObject({ buckets: 0, expired: 0 })
    expect(await exists('plain', 'logs/new')).toBe(true)
  })

  it('writes a delete marker for an expired current version of a versioned bucket', async () => {
    await backend.client.send(new CreateBucketCommand({ Bucket: 'versioned' }))
    await backend.client.send(
      new PutBucketVersioningCommand({ Bucket: 'versioned', VersioningConfiguration: { Status: 'Enabled' } }),
    )
    const v1 = await put('versioned', 'doc', 'one')
    await backend.rules('versioned', [{ ID: 'all', Status: 'Enabled', Filter: {}, Expiration: { Days: 3 } }])
    backend.advanceDays(4)
    expect(await backend.scan()).toMatchObject({ expired: 1 })
    expect(
      await failureOf(backend.client.send(new GetObjectCommand({ Bucket: 'versioned', Key: 'doc' }))),
    ).toEqual({
      code: 'NoSuchKey',
      status: 404,
    })
    const versions = await backend.client.send(new ListObjectVersionsCommand({ Bucket: 'versioned' }))
    expect(versions.DeleteMarkers).toHaveLength(1)
    expect(versions.DeleteMarkers?.[0]).toMatchObject({ Key: 'doc', IsLatest: true })
    expect(versions.Versions?.map((v) => [v.VersionId, v.IsLatest])).toEqual([[v1.VersionId, false]])
    // The marker is the latest now: a second scan adds no other.
    expect(await backend.scan()).toMatchObject({ expired: 0 })
  })

  it('applies tag, prefix and size filters together', async () => {
    await backend.client.send(new CreateBucketCommand({ Bucket: 'filtered' }))
    await put('filtered', 'tmp/big-tagged', 'x'.repeat(100), 'state=done')
    await put('filtered', 'tmp/small-tagged', 'x', 'state=done')
    await put('filtered', 'tmp/big-untagged', 'x'.repeat(100))
    await put('filtered', 'other/big-tagged', 'x'.repeat(100), 'state=done')
    await backend.rules('filtered', [
      {
        ID: 'and',
        Status: 'Enabled',
        Filter: {
          And: { Prefix: 'tmp/', Tags: [{ Key: 'state', Value: 'done' }], ObjectSizeGreaterThan: 10 },
        },
        Expiration: { Days: 1 },
      },
    ])
    backend.advanceDays(2)
    expect(await backend.scan()).toMatchObject({ expired: 1 })
    expect(await exists('filtered', 'tmp/big-tagged')).toBe(false)
    for (const key of ['tmp/small-tagged', 'tmp/big-untagged', 'other/big-tagged']) {
      expect(await exists('filtered', key)).toBe(true)
    }
  })

  it('expires on a Date once it is past', async () => {
    await backend.client.send(new CreateBucketCommand({ Bucket: 'dated' }))
    await put('dated', 'a')
    const midnight = new Date(Math.ceil((Date.now() + 86_400_000 * 10) / 86_400_000) * 86_400_000)
    await backend.rules('dated', [{ ID: 'd', Status: 'Enabled', Filter: {}, Expiration: { Date: midnight } }])
    expect(await backend.scan()).toMatchObject({ expired: 0 })
    backend.advanceDays(12)
    expect(await backend.scan()).toMatchObject({ expired: 1 })
  })

  it('aborts incomplete multipart uploads older than DaysAfterInitiation', async () => {
    await backend.client.send(new CreateBucketCommand({ Bucket: 'uploads' }))
    await backend.client.send(new CreateMultipartUploadCommand({ Bucket: 'uploads', Key: 'big' }))
    await backend.rules('uploads', [
      {
        ID: 'mpu',
        Status: 'Enabled',
        Filter: {},
        AbortIncompleteMultipartUpload: { DaysAfterInitiation: 2 },
      },
    ])
    expect(await backend.scan()).toMatchObject({ uploadsAborted: 0 })
    backend.advanceDays(3)
    expect(await backend.scan()).toMatchObject({ uploadsAborted: 1 })
    const left = await backend.client.send(new ListMultipartUploadsCommand({ Bucket: 'uploads' }))
    expect(left.Uploads ?? []).toEqual([])
  })

  it('walks no objects of a bucket whose rules only abort uploads', async () => {
    await backend.client.send(new CreateBucketCommand({ Bucket: 'abort-only' }))
    await backend.rules('abort-only', [
      {
        ID: 'mpu',
        Status: 'Enabled',
        Filter: {},
        AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 },
      },
    ])
    const before = await backend.scan()
    for (let i = 0; i < 5; i++) await put('abort-only', `k${i}`)
    const after = await backend.scan()
    expect(after.examined).toBe(before.examined)
  })

  it('paces itself: hands the loop back after every batch of examined objects', async () => {
    await backend.client.send(new CreateBucketCommand({ Bucket: 'paced' }))
    for (let i = 0; i < 7; i++) await put('paced', `k${i}`)
    await backend.rules('paced', [
      { ID: 'never', Status: 'Enabled', Filter: { Prefix: 'none/' }, Expiration: { Days: 1 } },
    ])
    // Only this bucket's rule is enabled now? Other buckets keep theirs: count this bucket alone.
    const before = await backend.scan()
    await backend.client.send(new PutObjectCommand({ Bucket: 'paced', Key: 'k7', Body: 'x' }))
    const after = await backend.scan()
    expect(after.examined - before.examined).toBe(1)
    // Batches of 2: every examined pair is one batch and one yield.
    expect(after.batches).toBe(Math.floor(after.examined / 2))
    expect(after.yields).toBe(after.batches)
    expect(after.sleeps).toBe(0)
  })
})
