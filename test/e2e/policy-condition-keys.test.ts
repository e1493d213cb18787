import {
  CreateBucketCommand,
  DeleteBucketPolicyCommand,
  GetObjectCommand,
  PutBucketPolicyCommand,
  PutObjectCommand,
  type PutObjectCommandInput,
} from '@aws-sdk/client-s3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AdminHarness, codeOf, ROOT, startAdminHarness } from '../sdk/admin/admin-harness.js'

// Condition keys S3 documents, through a real server: an IAM user whose own policy allows
// everything (`readwrite`) is held back by the bucket policy's Deny statements, and anonymous
// callers get only what the bucket policy's Allow statements give them.
let h: AdminHarness
const USER = { accessKey: 'cond-user', secretKey: 'cond-user-secret' }
const BUCKET = 'conditions'

beforeAll(async () => {
  h = await startAdminHarness()
  await h.s3().send(new CreateBucketCommand({ Bucket: BUCKET }))
  await h.s3().send(new PutObjectCommand({ Bucket: BUCKET, Key: 'public/a.txt', Body: 'a' }))
  await h.admin().addUser(USER.accessKey, USER.secretKey, 'readwrite')
})
afterAll(() => h.stop())

const setPolicy = (statements: object[]) =>
  h.s3().send(
    new PutBucketPolicyCommand({
      Bucket: BUCKET,
      Policy: JSON.stringify({ Version: '2012-10-17', Statement: statements }),
    }),
  )
const denyPutUnless = (condition: object) =>
  setPolicy([
    {
      Effect: 'Deny',
      Principal: '*',
      Action: 's3:PutObject',
      Resource: `arn:aws:s3:::${BUCKET}/*`,
      Condition: condition,
    },
  ])
const put = (input: Partial<PutObjectCommandInput> = {}) =>
  h.s3(USER).send(new PutObjectCommand({ Bucket: BUCKET, Key: 'k.txt', Body: 'x', ...input }))
/** The error code of a PUT, or 'ok'. */
const putCode = async (input: Partial<PutObjectCommandInput> = {}) => {
  try {
    await put(input)
    return 'ok'
  } catch (e) {
    return (e as { name: string }).name
  }
}

describe('bucket policy condition keys through a real server', () => {
  it('Deny s3:PutObject unless s3:x-amz-storage-class is STANDARD', async () => {
    await denyPutUnless({ StringNotEquals: { 's3:x-amz-storage-class': 'STANDARD' } })
    expect(await putCode({ StorageClass: 'STANDARD' })).toBe('ok')
    expect(await putCode()).toBe('AccessDenied')
    expect(await putCode({ StorageClass: 'REDUCED_REDUNDANCY' })).toBe('AccessDenied')
    // A read is not a write: the header key is absent there, and the Deny names PutObject only.
    await h.s3(USER).send(new GetObjectCommand({ Bucket: BUCKET, Key: 'k.txt' }))
  })

  it('Deny s3:PutObject when s3:x-amz-server-side-encryption is missing (Null)', async () => {
    await denyPutUnless({ Null: { 's3:x-amz-server-side-encryption': 'true' } })
    expect(await putCode()).toBe('AccessDenied')
    // With the header the Deny no longer applies. Whether the write then succeeds is the
    // encryption issue's business (today: stored), so only the policy's answer is asserted.
    expect(await putCode({ ServerSideEncryption: 'AES256' })).not.toBe('AccessDenied')
  })

  it('s3:x-amz-grant-* and s3:x-amz-acl are accepted and read from the request', async () => {
    await denyPutUnless({
      StringEqualsIfExists: { 's3:x-amz-acl': 'private' },
      Null: { 's3:x-amz-grant-full-control': 'true' },
    })
    // The bucket owner (the root, who made it) is the one grantee S3 accepts under
    // BucketOwnerEnforced: the header is present, so the Deny's Null condition is false.
    expect(await putCode({ GrantFullControl: `id="${ROOT.accessKey}"` })).toBe('ok')
    // A grant to anyone else passes the policy but is refused as an ACL.
    expect(await putCode({ GrantFullControl: 'id="someone"' })).toBe('AccessControlListNotSupported')
    expect(await putCode()).toBe('AccessDenied')
  })

  it('s3:RequestObjectTag/<key>: Deny a PUT unless it tags the object project=silo', async () => {
    await denyPutUnless({ StringNotEquals: { 's3:RequestObjectTag/project': 'silo' } })
    expect(await putCode()).toBe('AccessDenied')
    expect(await putCode({ Tagging: 'project=other' })).toBe('AccessDenied')
    // Past the policy; whether x-amz-tagging is then stored is the tagging issue's business.
    expect(await putCode({ Tagging: 'project=silo' })).not.toBe('AccessDenied')
  })

  it('s3:ExistingObjectTag/<key> is accepted; an untagged object does not have the tag', async () => {
    const allowTagged = {
      Effect: 'Allow',
      Principal: '*',
      Action: 's3:GetObject',
      Resource: `arn:aws:s3:::${BUCKET}/*`,
      Condition: { StringEquals: { 's3:ExistingObjectTag/visibility': 'public' } },
    }
    await setPolicy([allowTagged])
    expect((await fetch(`${h.url}/${BUCKET}/public/a.txt`)).status).toBe(403)
    await setPolicy([{ ...allowTagged, Condition: { Null: { 's3:ExistingObjectTag/visibility': 'true' } } }])
    expect((await fetch(`${h.url}/${BUCKET}/public/a.txt`)).status).toBe(200)
    // A tagged object has it (issue 14): anonymous callers read exactly the tagged ones.
    await h.s3().send(
      new PutObjectCommand({
        Bucket: BUCKET,
        Key: 'public/t.txt',
        Body: 't',
        Tagging: 'visibility=public',
      }),
    )
    await setPolicy([allowTagged])
    expect((await fetch(`${h.url}/${BUCKET}/public/t.txt`)).status).toBe(200)
    expect((await fetch(`${h.url}/${BUCKET}/public/a.txt`)).status).toBe(403)
    expect((await fetch(`${h.url}/${BUCKET}/public/t.txt`, { method: 'HEAD' })).status).toBe(200)
  })

  it('s3:prefix on ListBucket: anonymous callers may list under public/ only', async () => {
    await setPolicy([
      {
        Effect: 'Allow',
        Principal: '*',
        Action: 's3:ListBucket',
        Resource: `arn:aws:s3:::${BUCKET}`,
        Condition: { StringLike: { 's3:prefix': 'public/*' } },
      },
    ])
    const listed = await fetch(`${h.url}/${BUCKET}?list-type=2&prefix=public/`)
    expect(listed.status).toBe(200)
    expect(await listed.text()).toContain('<Key>public/a.txt</Key>')
    expect((await fetch(`${h.url}/${BUCKET}?list-type=2`)).status).toBe(403)
    expect((await fetch(`${h.url}/${BUCKET}?list-type=2&prefix=private/`)).status).toBe(403)
  })

  it('a key S3 does not define is MalformedPolicy naming it, and nothing is stored', async () => {
    await h.s3().send(new DeleteBucketPolicyCommand({ Bucket: BUCKET }))
    const bad = denyPutUnless({ StringEquals: { 's3:x-amz-grant-everything': 'x' } })
    expect(await codeOf(bad)).toBe('MalformedPolicy')
    expect(await bad.catch((e: Error) => e.message)).toContain('s3:x-amz-grant-everything')
    expect(await putCode()).toBe('ok')
  })
})
