import {
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateBucketCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetBucketVersioningCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectVersionsCommand,
  PutBucketVersioningCommand,
  PutObjectCommand,
  UploadPartCopyCommand,
} from '@aws-sdk/client-s3'
import { describe, expect, it } from 'vitest'
import { BACKENDS } from '../../property/helpers/servers.js'
import { s3 } from '../helpers/signed-request.js'
import { failureOf, useAwsBackend } from '../s3-answers/helpers.js'

const BUCKET = 'versions'

/** `?versioning`, version stacks, delete markers and reads by version (issue 14), as S3 answers them. */
describe.each(BACKENDS)('versioning (%s)', (_name, start) => {
  const backend = useAwsBackend(start, BUCKET)
  it('a never-versioned bucket answers an empty VersioningConfiguration and no version IDs', async () => {
    const got = await backend.client.send(new GetBucketVersioningCommand({ Bucket: BUCKET }))
    expect(got.Status).toBeUndefined()
    const raw = await s3(backend.server.url, 'GET', `/${BUCKET}?versioning`)
    expect(raw.status).toBe(200)
    expect(raw.text).toMatch(
      /<VersioningConfiguration[^>]*\/>|<VersioningConfiguration[^>]*><\/VersioningConfiguration>/,
    )
    const put = await backend.client.send(new PutObjectCommand({ Bucket: BUCKET, Key: 'plain', Body: 'p' }))
    expect(put.VersionId).toBeUndefined()
  })

  it('refuses a bad configuration, MFA delete, and keeps Enabled / Suspended', async () => {
    const bad = await s3(backend.server.url, 'PUT', `/${BUCKET}?versioning`, {
      body: '<VersioningConfiguration><Status>On</Status></VersioningConfiguration>',
    })
    expect(bad.status).toBe(400)
    expect(bad.text).toContain('<Code>MalformedXML</Code>')
    const mfa = await s3(backend.server.url, 'PUT', `/${BUCKET}?versioning`, {
      body: '<VersioningConfiguration><Status>Enabled</Status><MfaDelete>Enabled</MfaDelete></VersioningConfiguration>',
    })
    expect(mfa.status).toBe(501)
    expect(mfa.text).toContain('MfaDelete')
    expect(
      (await backend.client.send(new GetBucketVersioningCommand({ Bucket: BUCKET }))).Status,
    ).toBeUndefined()
  })

  it('keeps every version: reads by ID, the latest without one, x-amz-version-id on each answer', async () => {
    const bucket = `${BUCKET}-stack`
    await s3(backend.server.url, 'PUT', `/${bucket}`)
    await backend.client.send(
      new PutBucketVersioningCommand({ Bucket: bucket, VersioningConfiguration: { Status: 'Enabled' } }),
    )
    expect((await backend.client.send(new GetBucketVersioningCommand({ Bucket: bucket }))).Status).toBe(
      'Enabled',
    )
    const ids: string[] = []
    for (const body of ['one', 'two', 'three']) {
      const put = await backend.client.send(new PutObjectCommand({ Bucket: bucket, Key: 'k', Body: body }))
      expect(put.VersionId).toMatch(/^[0-9a-f]{32}$/)
      ids.push(put.VersionId as string)
    }
    expect(new Set(ids).size).toBe(3)
    const latest = await backend.client.send(new GetObjectCommand({ Bucket: bucket, Key: 'k' }))
    expect(await latest.Body?.transformToString()).toBe('three')
    expect(latest.VersionId).toBe(ids[2])
    for (const [i, body] of ['one', 'two', 'three'].entries()) {
      const got = await backend.client.send(
        new GetObjectCommand({ Bucket: bucket, Key: 'k', VersionId: ids[i] }),
      )
      expect(await got.Body?.transformToString()).toBe(body)
      expect(got.VersionId).toBe(ids[i])
      const head = await backend.client.send(
        new HeadObjectCommand({ Bucket: bucket, Key: 'k', VersionId: ids[i] }),
      )
      expect(head.ContentLength).toBe(body.length)
    }
    const unknown = `${'0'.repeat(31)}1`
    expect(
      await failureOf(
        backend.client.send(new GetObjectCommand({ Bucket: bucket, Key: 'k', VersionId: unknown })),
      ),
    ).toEqual({
      code: 'NoSuchVersion',
      status: 404,
    })
    expect(
      await failureOf(
        backend.client.send(new GetObjectCommand({ Bucket: bucket, Key: 'k', VersionId: 'nope' })),
      ),
    ).toEqual({
      code: 'InvalidArgument',
      status: 400,
    })
  })

  it('DELETE writes a delete marker; GET is NoSuchKey with x-amz-delete-marker; the marker by ID is 405; removing it restores the object', async () => {
    const bucket = `${BUCKET}-markers`
    await s3(backend.server.url, 'PUT', `/${bucket}`)
    await backend.client.send(
      new PutBucketVersioningCommand({ Bucket: bucket, VersioningConfiguration: { Status: 'Enabled' } }),
    )
    const put = await backend.client.send(new PutObjectCommand({ Bucket: bucket, Key: 'k', Body: 'kept' }))
    const del = await backend.client.send(new DeleteObjectCommand({ Bucket: bucket, Key: 'k' }))
    expect(del.DeleteMarker).toBe(true)
    expect(del.VersionId).toMatch(/^[0-9a-f]{32}$/)
    const get = await s3(backend.server.url, 'GET', `/${bucket}/k`)
    expect(get.status).toBe(404)
    expect(get.text).toContain('<Code>NoSuchKey</Code>')
    expect(get.headers['x-amz-delete-marker']).toBe('true')
    expect(get.headers['x-amz-version-id']).toBe(del.VersionId)
    const head = await s3(backend.server.url, 'HEAD', `/${bucket}/k`)
    expect(head.status).toBe(404)
    expect(head.headers['x-amz-delete-marker']).toBe('true')
    const byId = await s3(backend.server.url, 'GET', `/${bucket}/k?versionId=${del.VersionId}`)
    expect(byId.status).toBe(405)
    expect(byId.headers['x-amz-delete-marker']).toBe('true')
    // The version under the marker is still there, by its ID.
    const old = await backend.client.send(
      new GetObjectCommand({ Bucket: bucket, Key: 'k', VersionId: put.VersionId }),
    )
    expect(await old.Body?.transformToString()).toBe('kept')
    const unmark = await backend.client.send(
      new DeleteObjectCommand({ Bucket: bucket, Key: 'k', VersionId: del.VersionId }),
    )
    expect(unmark.DeleteMarker).toBe(true)
    expect(unmark.VersionId).toBe(del.VersionId)
    const back = await backend.client.send(new GetObjectCommand({ Bucket: bucket, Key: 'k' }))
    expect(await back.Body?.transformToString()).toBe('kept')
    const gone = await backend.client.send(
      new DeleteObjectCommand({ Bucket: bucket, Key: 'k', VersionId: put.VersionId }),
    )
    expect(gone.VersionId).toBe(put.VersionId)
    expect(gone.DeleteMarker).toBeUndefined()
    const listed = await backend.client.send(new ListObjectVersionsCommand({ Bucket: bucket }))
    expect(listed.Versions ?? []).toEqual([])
    expect(listed.DeleteMarkers ?? []).toEqual([])
  })

  it('Suspended writes the null version, replacing only it; older versions stay', async () => {
    const bucket = `${BUCKET}-suspended`
    await s3(backend.server.url, 'PUT', `/${bucket}`)
    await backend.client.send(new PutObjectCommand({ Bucket: bucket, Key: 'k', Body: 'before' }))
    await backend.client.send(
      new PutBucketVersioningCommand({ Bucket: bucket, VersioningConfiguration: { Status: 'Enabled' } }),
    )
    const v1 = await backend.client.send(new PutObjectCommand({ Bucket: bucket, Key: 'k', Body: 'v1' }))
    await backend.client.send(
      new PutBucketVersioningCommand({ Bucket: bucket, VersioningConfiguration: { Status: 'Suspended' } }),
    )
    expect((await backend.client.send(new GetBucketVersioningCommand({ Bucket: bucket }))).Status).toBe(
      'Suspended',
    )
    await backend.client.send(new PutObjectCommand({ Bucket: bucket, Key: 'k', Body: 'n1' }))
    await backend.client.send(new PutObjectCommand({ Bucket: bucket, Key: 'k', Body: 'n2' }))
    const listed = await backend.client.send(new ListObjectVersionsCommand({ Bucket: bucket }))
    const versions = (listed.Versions ?? []).map((v) => [v.VersionId, v.IsLatest, v.Size])
    // The null version written before versioning was replaced by the suspended writes.
    expect(versions).toEqual([
      ['null', true, 2],
      [v1.VersionId, false, 2],
    ])
    const nul = await backend.client.send(
      new GetObjectCommand({ Bucket: bucket, Key: 'k', VersionId: 'null' }),
    )
    expect(await nul.Body?.transformToString()).toBe('n2')
    const old = await backend.client.send(
      new GetObjectCommand({ Bucket: bucket, Key: 'k', VersionId: v1.VersionId }),
    )
    expect(await old.Body?.transformToString()).toBe('v1')
  })

  it('CopyObject copies a named version and answers x-amz-copy-source-version-id', async () => {
    const bucket = `${BUCKET}-copy`
    await s3(backend.server.url, 'PUT', `/${bucket}`)
    await backend.client.send(
      new PutBucketVersioningCommand({ Bucket: bucket, VersioningConfiguration: { Status: 'Enabled' } }),
    )
    const first = await backend.client.send(
      new PutObjectCommand({ Bucket: bucket, Key: 'src', Body: 'first' }),
    )
    await backend.client.send(new PutObjectCommand({ Bucket: bucket, Key: 'src', Body: 'second' }))
    const copy = await backend.client.send(
      new CopyObjectCommand({
        Bucket: bucket,
        Key: 'dst',
        CopySource: `${bucket}/src?versionId=${first.VersionId}`,
      }),
    )
    expect(copy.CopySourceVersionId).toBe(first.VersionId)
    expect(copy.VersionId).toMatch(/^[0-9a-f]{32}$/)
    const got = await backend.client.send(new GetObjectCommand({ Bucket: bucket, Key: 'dst' }))
    expect(await got.Body?.transformToString()).toBe('first')
    // Restoring an old version onto its own key is allowed as it is (a new version).
    const restore = await backend.client.send(
      new CopyObjectCommand({
        Bucket: bucket,
        Key: 'src',
        CopySource: `${bucket}/src?versionId=${first.VersionId}`,
      }),
    )
    expect(restore.VersionId).not.toBe(first.VersionId)
    const latest = await backend.client.send(new GetObjectCommand({ Bucket: bucket, Key: 'src' }))
    expect(await latest.Body?.transformToString()).toBe('first')
  })
  it('GetObjectAttributes and GetObjectAcl read the version ?versionId= names', async () => {
    const bucket = `${BUCKET}-attributes`
    await s3(backend.server.url, 'PUT', `/${bucket}`)
    await backend.client.send(
      new PutBucketVersioningCommand({ Bucket: bucket, VersioningConfiguration: { Status: 'Enabled' } }),
    )
    const small = await backend.client.send(new PutObjectCommand({ Bucket: bucket, Key: 'k', Body: 'ab' }))
    await backend.client.send(new PutObjectCommand({ Bucket: bucket, Key: 'k', Body: 'abcdef' }))
    const attributes = await s3(
      backend.server.url,
      'GET',
      `/${bucket}/k?attributes&versionId=${small.VersionId}`,
      {
        headers: { 'x-amz-object-attributes': 'ObjectSize' },
      },
    )
    expect(attributes.status).toBe(200)
    expect(attributes.text).toContain('<ObjectSize>2</ObjectSize>')
    expect(attributes.headers['x-amz-version-id']).toBe(small.VersionId)
    const unknown = `${'0'.repeat(31)}1`
    const missing = await s3(backend.server.url, 'GET', `/${bucket}/k?attributes&versionId=${unknown}`, {
      headers: { 'x-amz-object-attributes': 'ObjectSize' },
    })
    expect(missing.status).toBe(404)
    expect(missing.text).toContain('<Code>NoSuchVersion</Code>')
    const acl = await s3(backend.server.url, 'GET', `/${bucket}/k?acl&versionId=${small.VersionId}`)
    expect(acl.status).toBe(200)
    expect(acl.headers['x-amz-version-id']).toBe(small.VersionId)
    const noAcl = await s3(backend.server.url, 'GET', `/${bucket}/k?acl&versionId=${unknown}`)
    expect(noAcl.text).toContain('<Code>NoSuchVersion</Code>')
  })
  it('UploadPartCopy copies the version the copy source names', async () => {
    const bucket = `${BUCKET}-partcopy`
    await s3(backend.server.url, 'PUT', `/${bucket}`)
    await backend.client.send(
      new PutBucketVersioningCommand({ Bucket: bucket, VersioningConfiguration: { Status: 'Enabled' } }),
    )
    const old = await backend.client.send(
      new PutObjectCommand({ Bucket: bucket, Key: 'src', Body: 'old bytes' }),
    )
    await backend.client.send(new PutObjectCommand({ Bucket: bucket, Key: 'src', Body: 'new bytes!' }))
    const { UploadId } = await backend.client.send(
      new CreateMultipartUploadCommand({ Bucket: bucket, Key: 'dst' }),
    )
    const part = await backend.client.send(
      new UploadPartCopyCommand({
        Bucket: bucket,
        Key: 'dst',
        UploadId,
        PartNumber: 1,
        CopySource: `${bucket}/src?versionId=${old.VersionId}`,
      }),
    )
    expect(part.CopySourceVersionId).toBe(old.VersionId)
    const done = await backend.client.send(
      new CompleteMultipartUploadCommand({
        Bucket: bucket,
        Key: 'dst',
        UploadId,
        MultipartUpload: { Parts: [{ PartNumber: 1, ETag: part.CopyPartResult?.ETag }] },
      }),
    )
    expect(done.VersionId).toMatch(/^[0-9a-f]{32}$/)
    const got = await backend.client.send(new GetObjectCommand({ Bucket: bucket, Key: 'dst' }))
    expect(await got.Body?.transformToString()).toBe('old bytes')
  })
  it('a bucket with object lock cannot be suspended (409 InvalidBucketState)', async () => {
    const bucket = `${BUCKET}-locked`
    await backend.client.send(new CreateBucketCommand({ Bucket: bucket, ObjectLockEnabledForBucket: true }))
    expect((await backend.client.send(new GetBucketVersioningCommand({ Bucket: bucket }))).Status).toBe(
      'Enabled',
    )
    const suspend = backend.client.send(
      new PutBucketVersioningCommand({ Bucket: bucket, VersioningConfiguration: { Status: 'Suspended' } }),
    )
    expect(await failureOf(suspend)).toEqual({ code: 'InvalidBucketState', status: 409 })
    expect((await backend.client.send(new GetBucketVersioningCommand({ Bucket: bucket }))).Status).toBe(
      'Enabled',
    )
  })
})
