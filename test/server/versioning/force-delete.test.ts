import {
  ListObjectsV2Command,
  ListObjectVersionsCommand,
  PutBucketVersioningCommand,
  PutObjectCommand,
} from '@aws-sdk/client-s3'
import { describe, expect, it } from 'vitest'
import { BACKENDS } from '../../property/helpers/servers.js'
import { s3 } from '../helpers/signed-request.js'
import { addUser, awsClient, useAwsBackend } from '../s3-answers/helpers.js'

const BUCKET = 'force'
const USER = { accessKey: 'forcer', secretKey: 'forcer-secret-key' }

/**
 * Force delete of a prefix (MinIO's `x-minio-force-delete`, and `x-silo-force-delete`): before
 * issue 14 it answered 204 and removed nothing.
 */
describe.each(BACKENDS)('force delete (%s)', (_name, start) => {
  const backend = useAwsBackend(start, BUCKET)
  const keys = async (bucket: string) =>
    ((await backend.client.send(new ListObjectsV2Command({ Bucket: bucket }))).Contents ?? []).map(
      (o) => o.Key,
    )

  it.each(['x-silo-force-delete', 'x-minio-force-delete'])(
    '%s: true removes every object under the prefix, and nothing else',
    async (header) => {
      const bucket = `${BUCKET}-${header.split('-')[1]}`
      await s3(backend.server.url, 'PUT', `/${bucket}`)
      for (const key of ['logs/a', 'logs/b/c', 'logs/d', 'logsx', 'other/e']) {
        await backend.client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: key }))
      }
      const answer = await s3(backend.server.url, 'DELETE', `/${bucket}/logs/`, {
        headers: { [header]: 'true' },
      })
      expect(answer.status).toBe(204)
      expect(await keys(bucket)).toEqual(['logsx', 'other/e'])
    },
  )

  it('removes every version and delete marker under the prefix of a versioned bucket', async () => {
    const bucket = `${BUCKET}-versioned`
    await s3(backend.server.url, 'PUT', `/${bucket}`)
    await backend.client.send(
      new PutBucketVersioningCommand({ Bucket: bucket, VersioningConfiguration: { Status: 'Enabled' } }),
    )
    for (const body of ['1', '2', '3']) {
      await backend.client.send(new PutObjectCommand({ Bucket: bucket, Key: 'dir/k', Body: body }))
    }
    await s3(backend.server.url, 'DELETE', `/${bucket}/dir/k`)
    await backend.client.send(new PutObjectCommand({ Bucket: bucket, Key: 'keep', Body: 'x' }))
    const answer = await s3(backend.server.url, 'DELETE', `/${bucket}/dir/`, {
      headers: { 'x-minio-force-delete': 'true' },
    })
    expect(answer.status).toBe(204)
    const listed = await backend.client.send(new ListObjectVersionsCommand({ Bucket: bucket }))
    expect((listed.Versions ?? []).map((v) => v.Key)).toEqual(['keep'])
    expect(listed.DeleteMarkers ?? []).toEqual([])
  })

  it('is AccessDenied for anyone but the root credential, who may delete the objects one by one', async () => {
    const bucket = `${BUCKET}-denied`
    await s3(backend.server.url, 'PUT', `/${bucket}`)
    await backend.client.send(new PutObjectCommand({ Bucket: bucket, Key: 'p/a', Body: 'a' }))
    await addUser(backend.server, USER, [
      { Effect: 'Allow', Action: ['s3:*'], Resource: [`arn:aws:s3:::${bucket}`, `arn:aws:s3:::${bucket}/*`] },
    ])
    const user = awsClient(backend.server, USER)
    await user.send(new PutObjectCommand({ Bucket: bucket, Key: 'p/b', Body: 'b' }))
    const refused = await s3(backend.server.url, 'DELETE', `/${bucket}/p/`, {
      headers: { 'x-silo-force-delete': 'true' },
      accessKey: USER.accessKey,
      secretKey: USER.secretKey,
    })
    expect(refused.status).toBe(403)
    expect(refused.text).toContain('<Code>AccessDenied</Code>')
    expect(await keys(bucket)).toEqual(['p/a', 'p/b'])
  })
})
