import {
  CreateBucketCommand,
  DeleteBucketPolicyCommand,
  GetBucketPolicyCommand,
  GetObjectCommand,
  PutBucketPolicyCommand,
  PutObjectCommand,
} from '@aws-sdk/client-s3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cannedBucketPolicy } from '../../src/shared/policy/index.js'
import { type AdminHarness, codeOf, startAdminHarness } from '../sdk/admin/admin-harness.js'

let h: AdminHarness

beforeAll(async () => {
  h = await startAdminHarness()
  const root = h.s3()
  for (const bucket of ['public', 'shared']) {
    await root.send(new CreateBucketCommand({ Bucket: bucket }))
    await root.send(new PutObjectCommand({ Bucket: bucket, Key: 'index.html', Body: '<h1>hello</h1>' }))
  }
})
afterAll(() => h.stop())

describe('bucket policies', () => {
  it('anonymous requests are refused when the bucket has no policy', async () => {
    const res = await fetch(`${h.url}/public/index.html`)
    expect(res.status).toBe(403)
    expect(await res.text()).toContain('<Code>AccessDenied</Code>')
  })

  it('a public-read bucket serves plain anonymous GETs but refuses anonymous PUTs', async () => {
    const policy = cannedBucketPolicy('readonly', 'public')
    await h.s3().send(new PutBucketPolicyCommand({ Bucket: 'public', Policy: policy }))
    const got = await fetch(`${h.url}/public/index.html`)
    expect(got.status).toBe(200)
    expect(await got.text()).toBe('<h1>hello</h1>')
    const listed = await fetch(`${h.url}/public?list-type=2`)
    expect(await listed.text()).toContain('<Key>index.html</Key>')
    const put = await fetch(`${h.url}/public/evil.html`, { method: 'PUT', body: 'defaced' })
    expect(put.status).toBe(403)
    expect(await put.text()).toContain('<Code>AccessDenied</Code>')
    const stored = await h.s3().send(new GetBucketPolicyCommand({ Bucket: 'public' }))
    expect(JSON.parse(stored.Policy!)).toEqual(JSON.parse(policy))
    // Another bucket's objects stay private.
    expect((await fetch(`${h.url}/shared/index.html`)).status).toBe(403)
  })

  it('DELETE ?policy makes the bucket private again; GET ?policy then answers NoSuchBucketPolicy', async () => {
    await h.s3().send(new DeleteBucketPolicyCommand({ Bucket: 'public' }))
    expect((await fetch(`${h.url}/public/index.html`)).status).toBe(403)
    expect(await codeOf(h.s3().send(new GetBucketPolicyCommand({ Bucket: 'public' })))).toBe(
      'NoSuchBucketPolicy',
    )
  })

  it('a malformed policy is MalformedPolicy naming the bad part, and nothing is stored', async () => {
    const outside = JSON.stringify({
      Version: '2012-10-17',
      Statement: [
        { Effect: 'Allow', Principal: '*', Action: 's3:GetObject', Resource: 'arn:aws:s3:::other/*' },
      ],
    })
    const err = await h
      .s3()
      .send(new PutBucketPolicyCommand({ Bucket: 'shared', Policy: outside }))
      .catch((e: Error & { Code?: string }) => e)
    expect(err).toMatchObject({ name: 'MalformedPolicy' })
    expect((err as Error).message).toContain('Statement[0].Resource')
    const syntax = await h
      .s3()
      .send(new PutBucketPolicyCommand({ Bucket: 'shared', Policy: '{"Version": "2012-10-17",' }))
      .catch((e: Error) => e)
    expect((syntax as Error).message).toMatch(/line 1, column \d+/)
    expect(await codeOf(h.s3().send(new GetBucketPolicyCommand({ Bucket: 'shared' })))).toBe(
      'NoSuchBucketPolicy',
    )
  })

  it('a bucket policy naming an IAM user grants it access its own policy lacks; an explicit Deny wins', async () => {
    const writer = { accessKey: 'uploader', secretKey: 'uploader-secret' }
    await h.admin().addUser(writer.accessKey, writer.secretKey, 'writeonly')
    const get = () => h.s3(writer).send(new GetObjectCommand({ Bucket: 'shared', Key: 'index.html' }))
    expect(await codeOf(get())).toBe('AccessDenied')
    const grant = {
      Version: '2012-10-17',
      Statement: [
        {
          Effect: 'Allow',
          Principal: { AWS: ['arn:aws:iam::000000000000:user/uploader'] },
          Action: 's3:GetObject',
          Resource: 'arn:aws:s3:::shared/*',
        },
        {
          Effect: 'Deny',
          Principal: '*',
          Action: 's3:PutObject',
          Resource: 'arn:aws:s3:::shared/locked/*',
        },
      ],
    }
    await h.s3().send(new PutBucketPolicyCommand({ Bucket: 'shared', Policy: JSON.stringify(grant) }))
    expect(await (await get()).Body!.transformToString()).toBe('<h1>hello</h1>')
    const putTo = (key: string) =>
      h.s3(writer).send(new PutObjectCommand({ Bucket: 'shared', Key: key, Body: 'x' }))
    await putTo('open/a.txt')
    expect(await codeOf(putTo('locked/a.txt'))).toBe('AccessDenied')
    // The root is never bound by policies.
    await h.s3().send(new PutObjectCommand({ Bucket: 'shared', Key: 'locked/a.txt', Body: 'x' }))
  })

  it('conditions see the request: source IP, transport, referer', async () => {
    const allowWhen = (condition: Record<string, unknown>) =>
      JSON.stringify({
        Version: '2012-10-17',
        Statement: [
          {
            Effect: 'Allow',
            Principal: '*',
            Action: 's3:GetObject',
            Resource: 'arn:aws:s3:::shared/*',
            Condition: condition,
          },
        ],
      })
    const status = async (condition: Record<string, unknown>, headers: Record<string, string> = {}) => {
      await h.s3().send(new PutBucketPolicyCommand({ Bucket: 'shared', Policy: allowWhen(condition) }))
      return (await fetch(`${h.url}/shared/index.html`, { headers })).status
    }
    expect(await status({ IpAddress: { 'aws:SourceIp': '127.0.0.0/8' } })).toBe(200)
    expect(await status({ IpAddress: { 'aws:SourceIp': '10.0.0.0/8' } })).toBe(403)
    expect(await status({ Bool: { 'aws:SecureTransport': 'true' } })).toBe(403)
    expect(await status({ StringLike: { 'aws:Referer': 'https://example.com/*' } })).toBe(403)
    expect(
      await status(
        { StringLike: { 'aws:Referer': 'https://example.com/*' } },
        { referer: 'https://example.com/page' },
      ),
    ).toBe(200)
    await h.s3().send(new DeleteBucketPolicyCommand({ Bucket: 'shared' }))
  })
})
