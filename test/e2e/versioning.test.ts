/**
 * Versioning end to end (issue 14) through three independent clients — minio-js, @aws-sdk/client-s3
 * and the Silo SDK (as far as it has the calls) — on one drive and on an erasure set: version
 * stacks, delete markers, listing versions with paging, null versions, multi-delete with
 * versions, copy from a version, events carrying versionId.
 */
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectVersionsCommand,
  PutBucketVersioningCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3'
import * as Minio from 'minio'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Client } from '../../src/index.js'
import { BACKENDS } from '../property/helpers/servers.js'
import { ROOT, type TestServer } from '../server/helpers/test-server.js'

interface Listed {
  name: string
  versionId: string
  isLatest: boolean
  isDeleteMarker: boolean
}

async function drain<T>(stream: AsyncIterable<unknown>): Promise<T[]> {
  const items: T[] = []
  for await (const item of stream) items.push(item as T)
  return items
}

describe.each(BACKENDS)('versioning end to end (%s)', (_name, start) => {
  let server: TestServer
  let minio: Minio.Client
  let aws: S3Client
  let silo: Client
  beforeAll(async () => {
    server = await start()
    const options = {
      endPoint: '127.0.0.1',
      port: server.port,
      useSSL: false,
      accessKey: ROOT.accessKey,
      secretKey: ROOT.secretKey,
      region: 'us-east-1',
    }
    minio = new Minio.Client(options)
    silo = new Client(options)
    aws = new S3Client({
      endpoint: server.url,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: ROOT.accessKey, secretAccessKey: ROOT.secretKey },
    })
  })
  afterAll(() => server?.stop())

  it('minio-js: version stack, delete marker, listing versions with paging, removal by version', async () => {
    const bucket = 'e2e-minio-versions'
    await minio.makeBucket(bucket)
    await minio.setBucketVersioning(bucket, { Status: 'Enabled' })
    expect(await minio.getBucketVersioning(bucket)).toMatchObject({ Status: 'Enabled' })
    const first = await minio.putObject(bucket, 'doc', Buffer.from('first'))
    const second = await minio.putObject(bucket, 'doc', Buffer.from('second'))
    expect(first.versionId).toMatch(/^[0-9a-f]{32}$/)
    expect(second.versionId).not.toBe(first.versionId)
    const old = await minio.getObject(bucket, 'doc', { versionId: first.versionId as string })
    expect(Buffer.concat(await drain<Buffer>(old)).toString()).toBe('first')
    expect((await minio.statObject(bucket, 'doc', { versionId: first.versionId as string })).size).toBe(5)
    await minio.removeObject(bucket, 'doc')
    await expect(minio.statObject(bucket, 'doc')).rejects.toMatchObject({ code: 'NotFound' })
    await minio.putObject(bucket, 'other', Buffer.from('o'))
    const listed = await drain<Listed>(minio.listObjects(bucket, '', true, { IncludeVersion: true }))
    // minio-js's XML parser groups Version and DeleteMarker elements apart (the XML interleaves
    // them, see test/server/versioning/list-object-versions.test.ts): compare as sets.
    const entries = listed.map((v) => [v.name, v.versionId, v.isLatest, v.isDeleteMarker === true])
    const marker = listed.find((v) => v.isDeleteMarker)
    expect(entries).toHaveLength(4)
    expect(entries).toEqual(
      expect.arrayContaining([
        ['doc', marker?.versionId, true, true],
        ['doc', second.versionId, false, false],
        ['doc', first.versionId, false, false],
        ['other', expect.any(String), true, false],
      ]),
    )
    await minio.removeObject(bucket, 'doc', { versionId: first.versionId as string })
    const after = await drain<Listed>(minio.listObjects(bucket, 'doc', true, { IncludeVersion: true }))
    expect(after.map((v) => v.versionId).sort()).toEqual([marker?.versionId, second.versionId].sort())
  })

  it('@aws-sdk/client-s3: paging across key and version boundaries, copy from a version, null versions', async () => {
    const bucket = 'e2e-aws-versions'
    await minio.makeBucket(bucket)
    await aws.send(new PutObjectCommand({ Bucket: bucket, Key: 'a', Body: 'before versioning' }))
    await aws.send(
      new PutBucketVersioningCommand({ Bucket: bucket, VersioningConfiguration: { Status: 'Enabled' } }),
    )
    const ids: string[] = []
    for (const key of ['a', 'a', 'b', 'b', 'b']) {
      ids.push(
        (await aws.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: key }))).VersionId as string,
      )
    }
    const seen: string[] = []
    let KeyMarker: string | undefined
    let VersionIdMarker: string | undefined
    for (let i = 0; i < 10; i++) {
      const page = await aws.send(
        new ListObjectVersionsCommand({ Bucket: bucket, MaxKeys: 2, KeyMarker, VersionIdMarker }),
      )
      seen.push(...(page.Versions ?? []).map((v) => `${v.Key}:${v.VersionId}`))
      if (!page.IsTruncated) break
      KeyMarker = page.NextKeyMarker
      VersionIdMarker = page.NextVersionIdMarker
    }
    expect(seen).toEqual([
      `a:${ids[1]}`,
      `a:${ids[0]}`,
      'a:null',
      `b:${ids[4]}`,
      `b:${ids[3]}`,
      `b:${ids[2]}`,
    ])
    const copy = await aws.send(
      new CopyObjectCommand({ Bucket: bucket, Key: 'c', CopySource: `${bucket}/a?versionId=null` }),
    )
    expect(copy.CopySourceVersionId).toBe('null')
    const copied = await aws.send(new GetObjectCommand({ Bucket: bucket, Key: 'c' }))
    expect(await copied.Body?.transformToString()).toBe('before versioning')
  })

  it('the Silo SDK: putObject answers the versionId, removeObjects takes versions', async () => {
    const bucket = 'e2e-silo-versions'
    await silo.makeBucket(bucket)
    await aws.send(
      new PutBucketVersioningCommand({ Bucket: bucket, VersioningConfiguration: { Status: 'Enabled' } }),
    )
    const one = await silo.putObject(bucket, 'k', Buffer.from('1'))
    const two = await silo.putObject(bucket, 'k', Buffer.from('2'))
    expect(one.versionId).toMatch(/^[0-9a-f]{32}$/)
    await silo.removeObjects(bucket, [{ name: 'k', versionId: one.versionId as string }])
    const listed = await aws.send(new ListObjectVersionsCommand({ Bucket: bucket }))
    expect(listed.Versions?.map((v) => v.VersionId)).toEqual([two.versionId])
  })

  it('event records carry the version; minio-js forceDelete removes every version, one event each', async () => {
    const bucket = 'e2e-version-events'
    await minio.makeBucket(bucket)
    await minio.setBucketVersioning(bucket, { Status: 'Enabled' })
    const listener = minio.listenBucketNotification(bucket, '', '', [
      's3:ObjectCreated:*',
      's3:ObjectRemoved:*',
    ])
    const records: Array<{ eventName: string; s3: { object: { versionId?: string } } }> = []
    const got = new Promise<void>((resolve) =>
      listener.on('notification', (record: unknown) => {
        records.push(record as (typeof records)[number])
        if (records.length === 4) resolve()
      }),
    )
    // The listen request must reach the server before the writes.
    await new Promise((r) => setTimeout(r, 300))
    const put = await minio.putObject(bucket, 'k', Buffer.from('x'))
    const marker = await aws.send(new DeleteObjectCommand({ Bucket: bucket, Key: 'k' }))
    // minio-js's forceDelete sends x-minio-force-delete: the marker and the version both go.
    await minio.removeObject(bucket, 'k', { forceDelete: true })
    await got
    listener.stop()
    expect(records.slice(0, 2).map((r) => [r.eventName, r.s3.object.versionId])).toEqual([
      ['s3:ObjectCreated:Put', put.versionId],
      ['s3:ObjectRemoved:Delete', marker.VersionId],
    ])
    const forced = records.slice(2).map((r) => [r.eventName, r.s3.object.versionId])
    expect(forced.sort()).toEqual(
      [
        ['s3:ObjectRemoved:Delete', marker.VersionId],
        ['s3:ObjectRemoved:Delete', put.versionId],
      ].sort(),
    )
    const left = await aws.send(new ListObjectVersionsCommand({ Bucket: bucket }))
    expect([...(left.Versions ?? []), ...(left.DeleteMarkers ?? [])]).toEqual([])
  })
})
