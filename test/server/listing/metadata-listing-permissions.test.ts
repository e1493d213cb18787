import { PutObjectCommand } from '@aws-sdk/client-s3'
import { describe, expect, it } from 'vitest'
import { BACKENDS } from '../../property/helpers/servers.js'
import { s3 } from '../helpers/signed-request.js'
import { addUser, useAwsBackend } from '../s3-answers/helpers.js'

const BUCKET = 'meta-list-perm'
const LISTER = { accessKey: 'metalister', secretKey: 'metalister-secret' }
const READER = { accessKey: 'metareader', secretKey: 'metareader-secret' }

/**
 * MinIO's `ListObjectsV2 metadata=true` shows each object's user metadata and tags. A caller
 * allowed only s3:ListBucket may not HEAD the objects nor read their tags, so the listing must
 * not show them either: the metadata needs s3:GetObject on the key, the tags s3:GetObjectTagging
 * (as x-amz-tagging-count on GET/HEAD).
 */
describe.each(BACKENDS)('ListObjectsV2 metadata=true permissions (%s)', (_name, start) => {
  const backend = useAwsBackend(start, BUCKET)

  it('shows user metadata and tags only to callers allowed to read them', async () => {
    await backend.client.send(
      new PutObjectCommand({
        Bucket: BUCKET,
        Key: 'doc',
        Body: 'x',
        Metadata: { secret: 'hunter2' },
        Tagging: 'class=confidential',
      }),
    )
    await addUser(backend.server, LISTER, [
      { Effect: 'Allow', Action: ['s3:ListBucket'], Resource: [`arn:aws:s3:::${BUCKET}`] },
    ])
    await addUser(backend.server, READER, [
      { Effect: 'Allow', Action: ['s3:ListBucket'], Resource: [`arn:aws:s3:::${BUCKET}`] },
      {
        Effect: 'Allow',
        Action: ['s3:GetObject', 's3:GetObjectTagging'],
        Resource: [`arn:aws:s3:::${BUCKET}/*`],
      },
    ])
    const list = (user: { accessKey: string; secretKey: string }) =>
      s3(backend.server.url, 'GET', `/${BUCKET}?list-type=2&metadata=true`, user)

    const lister = await list(LISTER)
    expect(lister.status).toBe(200)
    expect(lister.text).toContain('<Key>doc</Key>')
    expect(lister.text).not.toContain('hunter2')
    expect(lister.text).not.toContain('confidential')

    const reader = await list(READER)
    expect(reader.status).toBe(200)
    expect(reader.text).toContain('<X-Amz-Meta-Secret>hunter2</X-Amz-Meta-Secret>')
    expect(reader.text).toContain('<UserTags>class=confidential</UserTags>')
  })
})
