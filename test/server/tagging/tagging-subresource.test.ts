import {
  DeleteBucketTaggingCommand,
  DeleteObjectCommand,
  DeleteObjectTaggingCommand,
  GetBucketTaggingCommand,
  GetObjectTaggingCommand,
  HeadObjectCommand,
  PutBucketTaggingCommand,
  PutBucketVersioningCommand,
  PutObjectCommand,
  PutObjectTaggingCommand,
} from '@aws-sdk/client-s3'
import { describe, expect, it } from 'vitest'
import { BACKENDS } from '../../property/helpers/servers.js'
import { s3 } from '../helpers/signed-request.js'
import { failureOf, useAwsBackend } from '../s3-answers/helpers.js'

const BUCKET = 'tagsets'
const tagSet = (n: number, prefix = 'k') =>
  Array.from({ length: n }, (_, i) => ({ Key: `${prefix}${i}`, Value: `v${i}` }))

/** `?tagging` on objects and buckets (issue 14), as S3 answers it. */
describe.each(BACKENDS)('?tagging (%s)', (_name, start) => {
  const backend = useAwsBackend(start, BUCKET)

  it('PutObjectTagging replaces the tags, keeping the bytes, ETag and Last-Modified; Delete removes them', async () => {
    const put = await backend.client.send(
      new PutObjectCommand({ Bucket: BUCKET, Key: 'obj', Body: 'bytes', Tagging: 'old=1' }),
    )
    const before = await backend.client.send(new HeadObjectCommand({ Bucket: BUCKET, Key: 'obj' }))
    await backend.client.send(
      new PutObjectTaggingCommand({ Bucket: BUCKET, Key: 'obj', Tagging: { TagSet: tagSet(10) } }),
    )
    const got = await backend.client.send(new GetObjectTaggingCommand({ Bucket: BUCKET, Key: 'obj' }))
    expect(got.TagSet).toEqual(tagSet(10))
    const after = await backend.client.send(new HeadObjectCommand({ Bucket: BUCKET, Key: 'obj' }))
    expect(after.ETag).toBe(put.ETag)
    expect(after.LastModified).toEqual(before.LastModified)
    expect(after.TagCount).toBe(10)
    const deleted = await s3(backend.server.url, 'DELETE', `/${BUCKET}/obj?tagging`)
    expect(deleted.status).toBe(204)
    const none = await backend.client.send(new GetObjectTaggingCommand({ Bucket: BUCKET, Key: 'obj' }))
    expect(none.TagSet).toEqual([])
    expect((await s3(backend.server.url, 'GET', `/${BUCKET}/obj`)).text).toBe('bytes')
  })

  it('answers every refusal with S3 code and writes nothing', async () => {
    await backend.client.send(
      new PutObjectCommand({ Bucket: BUCKET, Key: 'keep', Body: 'x', Tagging: 'a=1' }),
    )
    const retag = (TagSet: Array<{ Key: string; Value: string }>) =>
      backend.client.send(new PutObjectTaggingCommand({ Bucket: BUCKET, Key: 'keep', Tagging: { TagSet } }))
    expect(await failureOf(retag(tagSet(11)))).toEqual({ code: 'BadRequest', status: 400 })
    expect(await failureOf(retag([{ Key: 'aws:x', Value: '1' }]))).toEqual({
      code: 'InvalidTag',
      status: 400,
    })
    expect(await failureOf(retag([{ Key: '', Value: '1' }]))).toEqual({ code: 'InvalidTag', status: 400 })
    expect(await failureOf(retag([{ Key: 'k', Value: 'v'.repeat(257) }]))).toEqual({
      code: 'InvalidTag',
      status: 400,
    })
    expect(
      await failureOf(
        retag([
          { Key: 'd', Value: '1' },
          { Key: 'd', Value: '2' },
        ]),
      ),
    ).toEqual({ code: 'InvalidTag', status: 400 })
    const malformed = await s3(backend.server.url, 'PUT', `/${BUCKET}/keep?tagging`, {
      body: '<Tagging><Tag><Key>a</Key></Tag></Tagging>',
    })
    expect(malformed.status).toBe(400)
    expect(malformed.text).toContain('<Code>MalformedXML</Code>')
    const got = await backend.client.send(new GetObjectTaggingCommand({ Bucket: BUCKET, Key: 'keep' }))
    expect(got.TagSet).toEqual([{ Key: 'a', Value: '1' }])
    const missing = backend.client.send(new GetObjectTaggingCommand({ Bucket: BUCKET, Key: 'missing' }))
    expect(await failureOf(missing)).toEqual({ code: 'NoSuchKey', status: 404 })
    // An empty TagSet is allowed: it removes the tags.
    expect(await failureOf(retag([]))).toEqual({ code: 'ok' })
    const missingPut = backend.client.send(
      new PutObjectTaggingCommand({ Bucket: BUCKET, Key: 'missing', Tagging: { TagSet: [] } }),
    )
    expect(await failureOf(missingPut)).toEqual({ code: 'NoSuchKey', status: 404 })
  })

  it('bucket tags: 50 at most, NoSuchTagSet when none', async () => {
    const get = () => backend.client.send(new GetBucketTaggingCommand({ Bucket: BUCKET }))
    expect(await failureOf(get())).toEqual({ code: 'NoSuchTagSet', status: 404 })
    await backend.client.send(
      new PutBucketTaggingCommand({ Bucket: BUCKET, Tagging: { TagSet: tagSet(50) } }),
    )
    expect((await get()).TagSet).toEqual(tagSet(50))
    const tooMany = backend.client.send(
      new PutBucketTaggingCommand({ Bucket: BUCKET, Tagging: { TagSet: tagSet(51) } }),
    )
    expect(await failureOf(tooMany)).toEqual({ code: 'InvalidTag', status: 400 })
    expect((await get()).TagSet).toHaveLength(50)
    await backend.client.send(new DeleteBucketTaggingCommand({ Bucket: BUCKET }))
    expect(await failureOf(get())).toEqual({ code: 'NoSuchTagSet', status: 404 })
    expect((await s3(backend.server.url, 'DELETE', `/${BUCKET}?tagging`)).status).toBe(204)
  })

  it('versioned: a tag on one version is not on another; versionId answers x-amz-version-id; a delete marker is 405', async () => {
    await backend.client.send(
      new PutBucketVersioningCommand({ Bucket: BUCKET, VersioningConfiguration: { Status: 'Enabled' } }),
    )
    const v1 = await backend.client.send(
      new PutObjectCommand({ Bucket: BUCKET, Key: 'ver', Body: '1', Tagging: 'v=1' }),
    )
    const v2 = await backend.client.send(new PutObjectCommand({ Bucket: BUCKET, Key: 'ver', Body: '2' }))
    expect(v1.VersionId).toBeDefined()
    const tagsOf = (VersionId?: string) =>
      backend.client.send(new GetObjectTaggingCommand({ Bucket: BUCKET, Key: 'ver', VersionId }))
    expect((await tagsOf()).TagSet).toEqual([])
    const first = await tagsOf(v1.VersionId)
    expect(first.TagSet).toEqual([{ Key: 'v', Value: '1' }])
    expect(first.VersionId).toBe(v1.VersionId)
    const put = await backend.client.send(
      new PutObjectTaggingCommand({
        Bucket: BUCKET,
        Key: 'ver',
        VersionId: v2.VersionId,
        Tagging: { TagSet: [{ Key: 'v', Value: '2' }] },
      }),
    )
    expect(put.VersionId).toBe(v2.VersionId)
    expect((await tagsOf()).TagSet).toEqual([{ Key: 'v', Value: '2' }])
    expect((await tagsOf(v1.VersionId)).TagSet).toEqual([{ Key: 'v', Value: '1' }])
    const removed = await backend.client.send(
      new DeleteObjectTaggingCommand({ Bucket: BUCKET, Key: 'ver', VersionId: v1.VersionId }),
    )
    expect(removed.VersionId).toBe(v1.VersionId)
    expect((await tagsOf(v1.VersionId)).TagSet).toEqual([])
    expect((await tagsOf(v2.VersionId)).TagSet).toEqual([{ Key: 'v', Value: '2' }])
    const marker = await backend.client.send(new DeleteObjectCommand({ Bucket: BUCKET, Key: 'ver' }))
    expect(marker.DeleteMarker).toBe(true)
    // A delete marker holds no tags: named by ID or the latest, tagging is 405 (S3), nothing written.
    const answers = await Promise.all([
      s3(backend.server.url, 'GET', `/${BUCKET}/ver?tagging&versionId=${marker.VersionId}`),
      s3(backend.server.url, 'GET', `/${BUCKET}/ver?tagging`),
      s3(backend.server.url, 'DELETE', `/${BUCKET}/ver?tagging`),
      s3(backend.server.url, 'PUT', `/${BUCKET}/ver?tagging&versionId=${marker.VersionId}`, {
        body: '<Tagging><TagSet><Tag><Key>a</Key><Value>b</Value></Tag></TagSet></Tagging>',
      }),
    ])
    for (const res of answers) {
      expect(res.status).toBe(405)
      expect(res.text).toContain('<Code>MethodNotAllowed</Code>')
      expect(res.headers['x-amz-delete-marker']).toBe('true')
    }
    expect((await tagsOf(v2.VersionId)).TagSet).toEqual([{ Key: 'v', Value: '2' }])
  })
})
