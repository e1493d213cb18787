import {
  CreateBucketCommand,
  DeleteObjectCommand,
  ListObjectVersionsCommand,
  PutBucketVersioningCommand,
  PutObjectCommand,
  PutObjectLegalHoldCommand,
} from '@aws-sdk/client-s3'
import { describe, expect, it } from 'vitest'
import { DRIVES, useIlmBackend, watchRemovals } from './helpers.js'

/** The lifecycle scanner on noncurrent versions and delete markers (issue 14). */
describe.each(DRIVES)('lifecycle scanner: versions (%s)', (_name, drives) => {
  const backend = useIlmBackend(drives)
  const versioned = async (Bucket: string, lock = false) => {
    await backend.client.send(
      new CreateBucketCommand({ Bucket, ObjectLockEnabledForBucket: lock || undefined }),
    )
    if (!lock) {
      await backend.client.send(
        new PutBucketVersioningCommand({ Bucket, VersioningConfiguration: { Status: 'Enabled' } }),
      )
    }
  }
  const put = async (Bucket: string, Key: string, Body: string) =>
    (await backend.client.send(new PutObjectCommand({ Bucket, Key, Body }))).VersionId!
  const versionsOf = async (Bucket: string) => {
    const list = await backend.client.send(new ListObjectVersionsCommand({ Bucket }))
    return {
      versions: (list.Versions ?? []).map((v) => [v.Key, v.VersionId, v.IsLatest]),
      markers: (list.DeleteMarkers ?? []).map((m) => [m.Key, m.VersionId, m.IsLatest]),
    }
  }

  it('removes noncurrent versions past NoncurrentDays, keeping the NewerNoncurrentVersions newest', async () => {
    await versioned('nonc')
    await watchRemovals(backend, 'nonc')
    const ids = []
    for (const body of ['v1', 'v2', 'v3', 'v4']) ids.push(await put('nonc', 'k', body))
    await backend.rules('nonc', [
      {
        ID: 'old',
        Status: 'Enabled',
        Filter: {},
        NoncurrentVersionExpiration: { NoncurrentDays: 1, NewerNoncurrentVersions: 1 },
      },
    ])
    expect(await backend.scan()).toMatchObject({ noncurrentRemoved: 0, examined: 4 })
    backend.advanceDays(2)
    expect(await backend.scan()).toMatchObject({ noncurrentRemoved: 2, expired: 0 })
    expect((await versionsOf('nonc')).versions).toEqual([
      ['k', ids[3], true],
      ['k', ids[2], false],
    ])
    await expect.poll(() => backend.records().length, { timeout: 10_000 }).toBe(2)
    expect(
      backend
        .records()
        .map((r) => r.s3.object.versionId)
        .sort(),
    ).toEqual([ids[0], ids[1]].sort())
  })

  it('keeps a noncurrent version until its NoncurrentDays, rounded to the next midnight UTC, have passed', async () => {
    await versioned('since')
    await put('since', 'k', 'old')
    await put('since', 'k', 'new')
    await backend.rules('since', [
      { ID: 'nc', Status: 'Enabled', Filter: {}, NoncurrentVersionExpiration: { NoncurrentDays: 3 } },
    ])
    // Less than 3 days (to the next midnight) since it became noncurrent: kept.
    backend.advanceDays(2)
    expect(await backend.scan()).toMatchObject({ noncurrentRemoved: 0 })
    backend.advanceDays(2)
    expect(await backend.scan()).toMatchObject({ noncurrentRemoved: 1 })
  })

  it('removes an expired delete marker only once no noncurrent version is left', async () => {
    await versioned('markers')
    await put('markers', 'gone', 'x')
    await backend.client.send(new DeleteObjectCommand({ Bucket: 'markers', Key: 'gone' }))
    await put('markers', 'kept', 'y')
    await backend.client.send(new DeleteObjectCommand({ Bucket: 'markers', Key: 'kept' }))
    await backend.rules('markers', [
      { ID: 'markers', Status: 'Enabled', Filter: {}, Expiration: { ExpiredObjectDeleteMarker: true } },
      {
        ID: 'nc',
        Status: 'Enabled',
        Filter: { Prefix: 'gone' },
        NoncurrentVersionExpiration: { NoncurrentDays: 1 },
      },
    ])
    // Nothing due: both markers still have a version behind them.
    expect(await backend.scan()).toMatchObject({ deleteMarkersRemoved: 0, noncurrentRemoved: 0 })
    backend.advanceDays(2)
    expect(await backend.scan()).toMatchObject({ deleteMarkersRemoved: 1, noncurrentRemoved: 1 })
    const left = await versionsOf('markers')
    expect(left.versions.map((v) => v[0])).toEqual(['kept'])
    expect(left.markers.map((m) => m[0])).toEqual(['kept'])
  })

  it('in a Suspended bucket, replaces an expired null version with a null delete marker', async () => {
    await versioned('suspended')
    const kept = await put('suspended', 'k', 'versioned')
    await backend.client.send(
      new PutBucketVersioningCommand({
        Bucket: 'suspended',
        VersioningConfiguration: { Status: 'Suspended' },
      }),
    )
    await backend.client.send(new PutObjectCommand({ Bucket: 'suspended', Key: 'k', Body: 'null version' }))
    await backend.rules('suspended', [{ ID: 'cur', Status: 'Enabled', Filter: {}, Expiration: { Days: 1 } }])
    backend.advanceDays(2)
    expect(await backend.scan()).toMatchObject({ expired: 1 })
    const left = await versionsOf('suspended')
    expect(left.markers).toEqual([['k', 'null', true]])
    expect(left.versions).toEqual([['k', kept, false]])
  })

  it('in a Suspended bucket, expires a versioned latest over an older null version (the marker replaces the null version)', async () => {
    await backend.client.send(new CreateBucketCommand({ Bucket: 'suspended-over-null' }))
    await backend.client.send(
      new PutObjectCommand({ Bucket: 'suspended-over-null', Key: 'k', Body: 'first, null' }),
    )
    await backend.client.send(
      new PutBucketVersioningCommand({
        Bucket: 'suspended-over-null',
        VersioningConfiguration: { Status: 'Enabled' },
      }),
    )
    const latest = await put('suspended-over-null', 'k', 'second, versioned')
    await backend.client.send(
      new PutBucketVersioningCommand({
        Bucket: 'suspended-over-null',
        VersioningConfiguration: { Status: 'Suspended' },
      }),
    )
    await backend.rules('suspended-over-null', [
      { ID: 'cur', Status: 'Enabled', Filter: {}, Expiration: { Days: 1 } },
    ])
    backend.advanceDays(2)
    expect(await backend.scan()).toMatchObject({ expired: 1 })
    const left = await versionsOf('suspended-over-null')
    expect(left.markers).toEqual([['k', 'null', true]])
    expect(left.versions).toEqual([['k', latest, false]])
  })

  it('skips versions object lock protects', async () => {
    await versioned('locked', true)
    const held = await put('locked', 'held', 'v1')
    await backend.client.send(
      new PutObjectLegalHoldCommand({
        Bucket: 'locked',
        Key: 'held',
        VersionId: held,
        LegalHold: { Status: 'ON' },
      }),
    )
    await put('locked', 'held', 'v2')
    await put('locked', 'free', 'a')
    await put('locked', 'free', 'b')
    await backend.rules('locked', [
      { ID: 'nc', Status: 'Enabled', Filter: {}, NoncurrentVersionExpiration: { NoncurrentDays: 1 } },
    ])
    backend.advanceDays(2)
    expect(await backend.scan()).toMatchObject({ noncurrentRemoved: 1, lockedSkipped: 1 })
    const left = await versionsOf('locked')
    expect(left.versions.filter((v) => v[0] === 'held').map((v) => v[1])).toContain(held)
    expect(left.versions.filter((v) => v[0] === 'free')).toHaveLength(1)
  })
})
