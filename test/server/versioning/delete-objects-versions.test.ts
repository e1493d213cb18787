import {
  DeleteObjectsCommand,
  GetObjectCommand,
  ListObjectVersionsCommand,
  PutBucketVersioningCommand,
  PutObjectCommand,
} from '@aws-sdk/client-s3'
import { describe, expect, it } from 'vitest'
import { BACKENDS } from '../../property/helpers/servers.js'
import { s3 } from '../helpers/signed-request.js'
import { addUser, awsClient, failureOf, useAwsBackend } from '../s3-answers/helpers.js'

const BUCKET = 'multiversions'
const READER = { accessKey: 'plainreader', secretKey: 'plainreader-secret' }

/** DeleteObjects with VersionId, and the *Version actions (issue 14), as S3 answers them. */
describe.each(BACKENDS)('versions in DeleteObjects and authorization (%s)', (_name, start) => {
  const backend = useAwsBackend(start, BUCKET)

  it('removes named versions, writes markers for keys without one, and says which', async () => {
    const bucket = `${BUCKET}-del`
    await s3(backend.server.url, 'PUT', `/${bucket}`)
    await backend.client.send(
      new PutBucketVersioningCommand({ Bucket: bucket, VersioningConfiguration: { Status: 'Enabled' } }),
    )
    const a1 = await backend.client.send(new PutObjectCommand({ Bucket: bucket, Key: 'a', Body: '1' }))
    const a2 = await backend.client.send(new PutObjectCommand({ Bucket: bucket, Key: 'a', Body: '2' }))
    await backend.client.send(new PutObjectCommand({ Bucket: bucket, Key: 'b', Body: 'b' }))
    const result = await backend.client.send(
      new DeleteObjectsCommand({
        Bucket: bucket,
        Delete: {
          Objects: [{ Key: 'a', VersionId: a1.VersionId }, { Key: 'b' }, { Key: 'a', VersionId: 'bogus' }],
        },
      }),
    )
    const deleted = [...(result.Deleted ?? [])].sort((x, y) =>
      (x.Key as string).localeCompare(y.Key as string),
    )
    expect(deleted[0]).toEqual({ Key: 'a', VersionId: a1.VersionId })
    expect(deleted[1]).toMatchObject({ Key: 'b', DeleteMarker: true })
    expect(deleted[1]?.DeleteMarkerVersionId).toMatch(/^[0-9a-f]{32}$/)
    expect(result.Errors?.map((e) => [e.Key, e.VersionId, e.Code])).toEqual([['a', 'bogus', 'NoSuchVersion']])
    const listed = await backend.client.send(new ListObjectVersionsCommand({ Bucket: bucket }))
    expect(listed.Versions?.map((v) => [v.Key, v.VersionId])).toEqual([
      ['a', a2.VersionId],
      ['b', expect.any(String)],
    ])
    expect(listed.DeleteMarkers?.map((m) => [m.Key, m.VersionId, m.IsLatest])).toEqual([
      ['b', deleted[1]?.DeleteMarkerVersionId, true],
    ])
    // Removing the marker by its ID answers DeleteMarker and its ID.
    const unmark = await backend.client.send(
      new DeleteObjectsCommand({
        Bucket: bucket,
        Delete: { Objects: [{ Key: 'b', VersionId: deleted[1]?.DeleteMarkerVersionId }] },
      }),
    )
    expect(unmark.Deleted).toEqual([
      {
        Key: 'b',
        VersionId: deleted[1]?.DeleteMarkerVersionId,
        DeleteMarker: true,
        DeleteMarkerVersionId: deleted[1]?.DeleteMarkerVersionId,
      },
    ])
  })

  it('an empty <VersionId/> names no version, as minio-js sends it for plain keys', async () => {
    const bucket = `${BUCKET}-empty`
    await s3(backend.server.url, 'PUT', `/${bucket}`)
    await backend.client.send(new PutObjectCommand({ Bucket: bucket, Key: 'plain', Body: 'p' }))
    const body =
      '<Delete><Object><Key>plain</Key><VersionId></VersionId></Object>' +
      '<Object><Key>absent</Key><VersionId> </VersionId></Object></Delete>'
    const res = await s3(backend.server.url, 'POST', `/${bucket}?delete`, { body })
    expect(res.status).toBe(200)
    expect(res.text).not.toContain('<Error>')
    expect(res.text).toContain('<Key>plain</Key>')
    expect(res.text).not.toContain('<VersionId>')
    const gone = await failureOf(backend.client.send(new GetObjectCommand({ Bucket: bucket, Key: 'plain' })))
    expect(gone.code).toBe('NoSuchKey')
  })

  it('a request naming a version needs s3:GetObjectVersion, not s3:GetObject', async () => {
    const bucket = `${BUCKET}-auth`
    await s3(backend.server.url, 'PUT', `/${bucket}`)
    await backend.client.send(
      new PutBucketVersioningCommand({ Bucket: bucket, VersioningConfiguration: { Status: 'Enabled' } }),
    )
    const put = await backend.client.send(new PutObjectCommand({ Bucket: bucket, Key: 'k', Body: 'x' }))
    await addUser(backend.server, READER, [
      {
        Effect: 'Allow',
        Action: ['s3:GetObject', 's3:DeleteObject'],
        Resource: [`arn:aws:s3:::${bucket}/*`],
      },
    ])
    const reader = awsClient(backend.server, READER)
    const latest = await reader.send(new GetObjectCommand({ Bucket: bucket, Key: 'k' }))
    expect(await latest.Body?.transformToString()).toBe('x')
    expect(
      await failureOf(
        reader.send(new GetObjectCommand({ Bucket: bucket, Key: 'k', VersionId: put.VersionId })),
      ),
    ).toEqual({
      code: 'AccessDenied',
      status: 403,
    })
    const byVersion = await s3(backend.server.url, 'DELETE', `/${bucket}/k?versionId=${put.VersionId}`, {
      accessKey: READER.accessKey,
      secretKey: READER.secretKey,
    })
    expect(byVersion.status).toBe(403)
    const denied = await reader.send(
      new DeleteObjectsCommand({
        Bucket: bucket,
        Delete: { Objects: [{ Key: 'k', VersionId: put.VersionId }] },
      }),
    )
    expect(denied.Errors?.map((e) => e.Code)).toEqual(['AccessDenied'])
    const still = await backend.client.send(
      new GetObjectCommand({ Bucket: bucket, Key: 'k', VersionId: put.VersionId }),
    )
    expect(await still.Body?.transformToString()).toBe('x')
  })
})
