import {
  CopyObjectCommand,
  CreateBucketCommand,
  CreateMultipartUploadCommand,
  GetBucketAclCommand,
  GetObjectAclCommand,
  PutBucketAclCommand,
  PutObjectAclCommand,
  PutObjectCommand,
} from '@aws-sdk/client-s3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BACKENDS } from '../../property/helpers/servers.js'
import { postForm } from '../helpers/post-form.js'
import { s3, xmlField } from '../helpers/signed-request.js'
import { ROOT, type TestServer } from '../helpers/test-server.js'
import { awsClient, failureOf } from './helpers.js'

const BUCKET = 'acls'
const NOT_SUPPORTED = { code: 'AccessControlListNotSupported', status: 400 }

describe.each(BACKENDS)('ACLs as S3 has them today (%s)', (_name, start) => {
  let server: TestServer
  let client: ReturnType<typeof awsClient>
  beforeAll(async () => {
    server = await start()
    client = awsClient(server)
    await client.send(new CreateBucketCommand({ Bucket: BUCKET }))
    await client.send(new PutObjectCommand({ Bucket: BUCKET, Key: 'k', Body: 'x' }))
  })
  afterAll(() => server.stop())

  it('GetBucketAcl / GetObjectAcl answer the owner with FULL_CONTROL', async () => {
    for (const acl of [
      await client.send(new GetBucketAclCommand({ Bucket: BUCKET })),
      await client.send(new GetObjectAclCommand({ Bucket: BUCKET, Key: 'k' })),
    ]) {
      expect(acl.Owner?.ID).toBe(ROOT.accessKey)
      expect(acl.Grants).toEqual([
        {
          Grantee: { Type: 'CanonicalUser', ID: ROOT.accessKey, DisplayName: ROOT.accessKey },
          Permission: 'FULL_CONTROL',
        },
      ])
    }
    expect(await failureOf(client.send(new GetObjectAclCommand({ Bucket: BUCKET, Key: 'absent' })))).toEqual({
      code: 'NoSuchKey',
      status: 404,
    })
  })

  it('x-amz-acl: private and bucket-owner-full-control pass, public-read is AccessControlListNotSupported', async () => {
    const put = (ACL: 'public-read' | 'private' | 'bucket-owner-full-control') =>
      failureOf(client.send(new PutObjectCommand({ Bucket: BUCKET, Key: `acl-${ACL}`, Body: 'x', ACL })))
    expect(await put('public-read')).toEqual(NOT_SUPPORTED)
    expect(await put('bucket-owner-full-control')).toEqual({ code: 'ok' })
    expect(await put('private')).toEqual({ code: 'ok' })
    expect(
      await failureOf(
        client.send(new CreateBucketCommand({ Bucket: 'acls-public', ACL: 'public-read-write' })),
      ),
    ).toEqual(NOT_SUPPORTED)
    expect(
      await failureOf(
        client.send(
          new CopyObjectCommand({ Bucket: BUCKET, Key: 'c', CopySource: `${BUCKET}/k`, ACL: 'public-read' }),
        ),
      ),
    ).toEqual(NOT_SUPPORTED)
    expect(
      await failureOf(
        client.send(
          new CreateMultipartUploadCommand({ Bucket: BUCKET, Key: 'm', ACL: 'authenticated-read' }),
        ),
      ),
    ).toEqual(NOT_SUPPORTED)
  })

  it('POST Object: the form field acl as x-amz-acl (public-read refused, nothing stored)', async () => {
    const refused = await postForm(server, BUCKET, 'form-public.txt', { acl: 'public-read' })
    expect([refused.status, xmlField(refused.text, 'Code')]).toEqual([400, 'AccessControlListNotSupported'])
    expect((await s3(server.url, 'HEAD', `/${BUCKET}/form-public.txt`)).status).toBe(404)
    const owner = await postForm(server, BUCKET, 'form-owner.txt', { acl: 'bucket-owner-full-control' })
    expect(owner.status, owner.text).toBe(204)
  })

  it('x-amz-grant-*: only a full-control grant to the bucket owner passes, others refused, nothing written', async () => {
    const allUsers = 'uri="http://acs.amazonaws.com/groups/global/AllUsers"'
    expect(
      await failureOf(
        client.send(new PutObjectCommand({ Bucket: BUCKET, Key: 'g-read', Body: 'x', GrantRead: allUsers })),
      ),
    ).toEqual(NOT_SUPPORTED)
    expect((await s3(server.url, 'HEAD', `/${BUCKET}/g-read`)).status).toBe(404)
    const owner = `id="${ROOT.accessKey}"`
    expect(
      await failureOf(
        client.send(
          new PutObjectCommand({ Bucket: BUCKET, Key: 'g-owner', Body: 'x', GrantFullControl: owner }),
        ),
      ),
    ).toEqual({ code: 'ok' })
    // The owner named with another permission, or alongside someone else: refused.
    for (const input of [
      { GrantRead: owner },
      { GrantFullControl: `${owner}, id="someone"` },
      { GrantWriteACP: 'id="someone"' },
    ]) {
      expect(
        await failureOf(
          client.send(new PutObjectCommand({ Bucket: BUCKET, Key: 'g-other', Body: 'x', ...input })),
        ),
      ).toEqual(NOT_SUPPORTED)
    }
    expect((await s3(server.url, 'HEAD', `/${BUCKET}/g-other`)).status).toBe(404)
    const other = 'id="someone"'
    expect(
      await failureOf(
        client.send(new CreateBucketCommand({ Bucket: 'acls-granted', GrantFullControl: other })),
      ),
    ).toEqual(NOT_SUPPORTED)
    expect((await s3(server.url, 'HEAD', '/acls-granted')).status).toBe(404)
    expect(
      await failureOf(
        client.send(new CreateBucketCommand({ Bucket: 'acls-owner', GrantFullControl: owner })),
      ),
    ).toEqual({ code: 'ok' })
    expect(
      await failureOf(
        client.send(
          new CopyObjectCommand({
            Bucket: BUCKET,
            Key: 'g-copy',
            CopySource: `${BUCKET}/k`,
            GrantRead: other,
          }),
        ),
      ),
    ).toEqual(NOT_SUPPORTED)
    expect((await s3(server.url, 'HEAD', `/${BUCKET}/g-copy`)).status).toBe(404)
    expect(
      await failureOf(
        client.send(new CreateMultipartUploadCommand({ Bucket: BUCKET, Key: 'g-mpu', GrantReadACP: other })),
      ),
    ).toEqual(NOT_SUPPORTED)
  })

  it('POST Object: form fields x-amz-grant-* as the headers (to another id refused, nothing stored)', async () => {
    const refused = await postForm(server, BUCKET, 'form-grant.txt', { 'x-amz-grant-read': 'id="someone"' })
    expect([refused.status, xmlField(refused.text, 'Code')]).toEqual([400, 'AccessControlListNotSupported'])
    expect((await s3(server.url, 'HEAD', `/${BUCKET}/form-grant.txt`)).status).toBe(404)
    const owner = await postForm(server, BUCKET, 'form-grant-owner.txt', {
      'x-amz-grant-full-control': `id="${ROOT.accessKey}"`,
    })
    expect(owner.status, owner.text).toBe(204)
  })

  it('PutBucketAcl / PutObjectAcl accept only the owner full control', async () => {
    expect(await failureOf(client.send(new PutBucketAclCommand({ Bucket: BUCKET, ACL: 'private' })))).toEqual(
      {
        code: 'ok',
      },
    )
    expect(
      await failureOf(client.send(new PutBucketAclCommand({ Bucket: BUCKET, ACL: 'public-read' }))),
    ).toEqual(NOT_SUPPORTED)
    const owner = { ID: ROOT.accessKey, DisplayName: ROOT.accessKey }
    const ownerOnly = {
      Owner: owner,
      Grants: [
        {
          Grantee: { Type: 'CanonicalUser' as const, ID: ROOT.accessKey },
          Permission: 'FULL_CONTROL' as const,
        },
      ],
    }
    expect(
      await failureOf(
        client.send(new PutObjectAclCommand({ Bucket: BUCKET, Key: 'k', AccessControlPolicy: ownerOnly })),
      ),
    ).toEqual({ code: 'ok' })
    const toEveryone = {
      Owner: owner,
      Grants: [
        ...ownerOnly.Grants,
        {
          Grantee: { Type: 'Group' as const, URI: 'http://acs.amazonaws.com/groups/global/AllUsers' },
          Permission: 'READ' as const,
        },
      ],
    }
    expect(
      await failureOf(
        client.send(new PutObjectAclCommand({ Bucket: BUCKET, Key: 'k', AccessControlPolicy: toEveryone })),
      ),
    ).toEqual(NOT_SUPPORTED)
  })
})
