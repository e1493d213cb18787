import {
  CreateBucketCommand,
  DeleteObjectsCommand,
  HeadObjectCommand,
  PutBucketPolicyCommand,
  PutObjectCommand,
} from '@aws-sdk/client-s3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Client } from '../../src/index.js'
import { type AdminHarness, codeOf, startAdminHarness } from '../sdk/admin/admin-harness.js'

const USER = { accessKey: 'pruner', secretKey: 'pruner-secret-01' }
let h: AdminHarness

beforeAll(async () => {
  h = await startAdminHarness()
  await h.s3().send(new CreateBucketCommand({ Bucket: 'data' }))
  await h.admin().addCannedPolicy('delete-allowed-prefix', {
    Version: '2012-10-17',
    Statement: [{ Effect: 'Allow', Action: ['s3:DeleteObject'], Resource: ['arn:aws:s3:::data/allowed/*'] }],
  })
  await h.admin().addUser(USER.accessKey, USER.secretKey, 'delete-allowed-prefix')
})
afterAll(() => h.stop())

const put = async (...keys: string[]) => {
  for (const key of keys) await h.s3().send(new PutObjectCommand({ Bucket: 'data', Key: key, Body: key }))
}
const exists = async (key: string) =>
  (await codeOf(h.s3().send(new HeadObjectCommand({ Bucket: 'data', Key: key })))) === 'no error'

describe('DeleteObjects is authorized per key', () => {
  it('deletes the keys under the allowed prefix and reports AccessDenied for the others', async () => {
    await put('allowed/a', 'other/b')
    const out = await h.s3(USER).send(
      new DeleteObjectsCommand({
        Bucket: 'data',
        Delete: { Objects: [{ Key: 'allowed/a' }, { Key: 'other/b' }] },
      }),
    )
    expect(out.Deleted?.map((d) => d.Key)).toEqual(['allowed/a'])
    expect(out.Errors?.map((e) => [e.Key, e.Code])).toEqual([['other/b', 'AccessDenied']])
    expect(await exists('allowed/a')).toBe(false)
    expect(await exists('other/b')).toBe(true)
  })

  it('the SDK removeObjects reports the refused key and deletes the allowed one', async () => {
    await put('allowed/c', 'other/d')
    const client = new Client({ endPoint: h.host, port: h.port, useSSL: false, ...USER })
    const failures = await client.removeObjects('data', ['allowed/c', 'other/d'])
    expect(failures.map((f) => [f.Key, f.Code])).toEqual([['other/d', 'AccessDenied']])
    expect(await exists('allowed/c')).toBe(false)
    expect(await exists('other/d')).toBe(true)
  })

  it('an explicit Deny in the bucket policy still holds for the keys it names', async () => {
    await put('allowed/keep/x', 'allowed/y')
    const policy = {
      Version: '2012-10-17',
      Statement: [
        {
          Effect: 'Deny',
          Principal: { AWS: ['*'] },
          Action: ['s3:DeleteObject'],
          Resource: ['arn:aws:s3:::data/allowed/keep/*'],
        },
      ],
    }
    await h.s3().send(new PutBucketPolicyCommand({ Bucket: 'data', Policy: JSON.stringify(policy) }))
    const out = await h.s3(USER).send(
      new DeleteObjectsCommand({
        Bucket: 'data',
        Delete: { Objects: [{ Key: 'allowed/keep/x' }, { Key: 'allowed/y' }] },
      }),
    )
    expect(out.Deleted?.map((d) => d.Key)).toEqual(['allowed/y'])
    expect(out.Errors?.map((e) => [e.Key, e.Code])).toEqual([['allowed/keep/x', 'AccessDenied']])
    expect(await exists('allowed/keep/x')).toBe(true)
  })
})
