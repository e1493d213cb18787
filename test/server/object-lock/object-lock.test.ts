/**
 * Object lock over the wire (issue 14), through @aws-sdk/client-s3 on both backends: a bucket
 * created with `x-amz-bucket-object-lock-enabled`, its configuration and default retention,
 * retention and legal hold per version, and S3's enforcement with each refusal's code.
 */
import { createHash } from 'node:crypto'
import {
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateBucketCommand,
  CreateMultipartUploadCommand,
  DeleteBucketCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetBucketVersioningCommand,
  GetObjectCommand,
  GetObjectLegalHoldCommand,
  GetObjectLockConfigurationCommand,
  GetObjectRetentionCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutBucketVersioningCommand,
  PutObjectCommand,
  PutObjectLegalHoldCommand,
  PutObjectLockConfigurationCommand,
  PutObjectRetentionCommand,
  type S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3'
import { describe, expect, it } from 'vitest'
import { UNSIGNED_PAYLOAD } from '../../../src/shared/sigv4/index.js'
import { BACKENDS } from '../../property/helpers/servers.js'
import { postForm } from '../helpers/post-form.js'
import { s3, xmlField } from '../helpers/signed-request.js'
import { addUser, awsClient, failureOf, useAwsBackend } from '../s3-answers/helpers.js'

const PLAIN = 'plain'
const DAY = 86_400_000

/** A date `days` from now, at whole seconds (as S3 stores it). */
function inDays(days: number): Date {
  return new Date(Math.floor((Date.now() + days * DAY) / 1000) * 1000)
}

async function createLockBucket(client: S3Client, bucket: string): Promise<void> {
  await client.send(new CreateBucketCommand({ Bucket: bucket, ObjectLockEnabledForBucket: true }))
}

/** Puts `key` and answers its version ID. */
async function put(client: S3Client, bucket: string, key: string, extra: object = {}): Promise<string> {
  const out = await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: 'data', ...extra }))
  expect(out.VersionId).toBeDefined()
  return out.VersionId as string
}

describe.each(BACKENDS)('object lock (%s)', (_name, start) => {
  const backend = useAwsBackend(start, PLAIN)

  describe('CreateBucket with x-amz-bucket-object-lock-enabled', () => {
    it('true creates a lock-enabled bucket with versioning Enabled (the header was once ignored)', async () => {
      const { client } = backend
      await createLockBucket(client, 'created-locked')
      const config = await client.send(new GetObjectLockConfigurationCommand({ Bucket: 'created-locked' }))
      expect(config.ObjectLockConfiguration).toEqual({ ObjectLockEnabled: 'Enabled' })
      const versioning = await client.send(new GetBucketVersioningCommand({ Bucket: 'created-locked' }))
      expect(versioning.Status).toBe('Enabled')
    })

    it('a value other than true or false is 400 InvalidArgument and creates nothing', async () => {
      const { server, client } = backend
      const res = await s3(server.url, 'PUT', '/lock-maybe', {
        headers: { 'x-amz-bucket-object-lock-enabled': 'maybe' },
      })
      expect([res.status, xmlField(res.text, 'Code')]).toEqual([400, 'InvalidArgument'])
      expect(await failureOf(client.send(new HeadBucketCommand({ Bucket: 'lock-maybe' })))).toMatchObject({
        status: 404,
      })
    })

    it('false creates a plain bucket', async () => {
      const { server, client } = backend
      const res = await s3(server.url, 'PUT', '/lock-false', {
        headers: { 'x-amz-bucket-object-lock-enabled': 'false' },
      })
      expect(res.status).toBe(200)
      expect(
        await failureOf(client.send(new GetObjectLockConfigurationCommand({ Bucket: 'lock-false' }))),
      ).toEqual({ code: 'ObjectLockConfigurationNotFoundError', status: 404 })
    })

    it('a lock-enabled bucket cannot have its versioning suspended (409 InvalidBucketState)', async () => {
      const { client } = backend
      await createLockBucket(client, 'no-suspend')
      const suspend = client.send(
        new PutBucketVersioningCommand({
          Bucket: 'no-suspend',
          VersioningConfiguration: { Status: 'Suspended' },
        }),
      )
      expect(await failureOf(suspend)).toEqual({ code: 'InvalidBucketState', status: 409 })
    })
  })

  describe('?object-lock', () => {
    it('enabling on an existing bucket needs versioning Enabled (409 InvalidBucketState), then works', async () => {
      const { client } = backend
      await client.send(new CreateBucketCommand({ Bucket: 'later-lock' }))
      const config = {
        Bucket: 'later-lock',
        ObjectLockConfiguration: {
          ObjectLockEnabled: 'Enabled' as const,
          Rule: { DefaultRetention: { Mode: 'GOVERNANCE' as const, Days: 2 } },
        },
      }
      expect(await failureOf(client.send(new PutObjectLockConfigurationCommand(config)))).toEqual({
        code: 'InvalidBucketState',
        status: 409,
      })
      await client.send(
        new PutBucketVersioningCommand({
          Bucket: 'later-lock',
          VersioningConfiguration: { Status: 'Enabled' },
        }),
      )
      await client.send(new PutObjectLockConfigurationCommand(config))
      const got = await client.send(new GetObjectLockConfigurationCommand({ Bucket: 'later-lock' }))
      expect(got.ObjectLockConfiguration).toEqual(config.ObjectLockConfiguration)
    })

    it.each([
      ['Days and Years', '<Mode>GOVERNANCE</Mode><Days>1</Days><Years>1</Years>'],
      ['no period', '<Mode>GOVERNANCE</Mode>'],
      ['a zero period', '<Mode>COMPLIANCE</Mode><Days>0</Days>'],
      ['an unknown mode', '<Mode>LEGAL</Mode><Days>1</Days>'],
    ])('a DefaultRetention with %s is 400 MalformedXML', async (_what, retention) => {
      const { server, client } = backend
      await createLockBucket(client, 'bad-config').catch(() => undefined)
      const body = `<ObjectLockConfiguration><ObjectLockEnabled>Enabled</ObjectLockEnabled><Rule><DefaultRetention>${retention}</DefaultRetention></Rule></ObjectLockConfiguration>`
      const res = await s3(server.url, 'PUT', '/bad-config?object-lock', { body })
      expect([res.status, xmlField(res.text, 'Code')]).toEqual([400, 'MalformedXML'])
    })

    it('GET on a bucket without object lock is 404 ObjectLockConfigurationNotFoundError', async () => {
      const { client } = backend
      expect(await failureOf(client.send(new GetObjectLockConfigurationCommand({ Bucket: PLAIN })))).toEqual({
        code: 'ObjectLockConfigurationNotFoundError',
        status: 404,
      })
    })

    it('the default retention locks new versions written without lock headers', async () => {
      const { client } = backend
      await createLockBucket(client, 'defaults')
      await client.send(
        new PutObjectLockConfigurationCommand({
          Bucket: 'defaults',
          ObjectLockConfiguration: {
            ObjectLockEnabled: 'Enabled',
            Rule: { DefaultRetention: { Mode: 'COMPLIANCE', Days: 3 } },
          },
        }),
      )
      const before = Date.now()
      const versionId = await put(client, 'defaults', 'k')
      const head = await client.send(new HeadObjectCommand({ Bucket: 'defaults', Key: 'k' }))
      expect(head.ObjectLockMode).toBe('COMPLIANCE')
      const until = (head.ObjectLockRetainUntilDate as Date).getTime()
      expect(until).toBeGreaterThanOrEqual(before + 3 * DAY - 1000)
      expect(until).toBeLessThanOrEqual(Date.now() + 3 * DAY + 1000)
      // Explicit headers win over the default.
      const explicit = inDays(10)
      await put(client, 'defaults', 'k2', {
        ObjectLockMode: 'GOVERNANCE',
        ObjectLockRetainUntilDate: explicit,
      })
      const head2 = await client.send(new HeadObjectCommand({ Bucket: 'defaults', Key: 'k2' }))
      expect([head2.ObjectLockMode, head2.ObjectLockRetainUntilDate?.getTime()]).toEqual([
        'GOVERNANCE',
        explicit.getTime(),
      ])
      const del = client.send(new DeleteObjectCommand({ Bucket: 'defaults', Key: 'k', VersionId: versionId }))
      expect(await failureOf(del)).toEqual({ code: 'AccessDenied', status: 403 })
    })
  })

  describe('lock headers on writes', () => {
    it('on a bucket without object lock are 400 InvalidRequest, nothing written', async () => {
      const { client } = backend
      const writes = [
        new PutObjectCommand({ Bucket: PLAIN, Key: 'x', Body: 'x', ObjectLockLegalHoldStatus: 'ON' }),
        new PutObjectCommand({
          Bucket: PLAIN,
          Key: 'x',
          Body: 'x',
          ObjectLockMode: 'GOVERNANCE',
          ObjectLockRetainUntilDate: inDays(1),
        }),
        new CreateMultipartUploadCommand({ Bucket: PLAIN, Key: 'x', ObjectLockLegalHoldStatus: 'ON' }),
      ]
      for (const command of writes) {
        expect(await failureOf(client.send(command as PutObjectCommand))).toEqual({
          code: 'InvalidRequest',
          status: 400,
        })
      }
      expect(await failureOf(client.send(new HeadObjectCommand({ Bucket: PLAIN, Key: 'x' })))).toMatchObject({
        status: 404,
      })
    })

    it.each([
      ['a mode without a date', { 'x-amz-object-lock-mode': 'GOVERNANCE' }],
      ['a date without a mode', { 'x-amz-object-lock-retain-until-date': '2099-01-01T00:00:00Z' }],
      [
        'an unknown mode',
        {
          'x-amz-object-lock-mode': 'FOREVER',
          'x-amz-object-lock-retain-until-date': '2099-01-01T00:00:00Z',
        },
      ],
      [
        'a past date',
        {
          'x-amz-object-lock-mode': 'GOVERNANCE',
          'x-amz-object-lock-retain-until-date': '2001-01-01T00:00:00Z',
        },
      ],
      [
        'a date not ISO 8601',
        { 'x-amz-object-lock-mode': 'GOVERNANCE', 'x-amz-object-lock-retain-until-date': 'tomorrow' },
      ],
      ['a legal hold not ON or OFF', { 'x-amz-object-lock-legal-hold': 'yes' }],
    ])('%s is 400 InvalidArgument', async (_what, headers) => {
      const { server, client } = backend
      await createLockBucket(client, 'bad-headers').catch(() => undefined)
      const res = await s3(server.url, 'PUT', '/bad-headers/k', { body: 'x', headers })
      expect([res.status, xmlField(res.text, 'Code')]).toEqual([400, 'InvalidArgument'])
    })

    it('PutObject with lock headers needs an integrity-checked body (400 InvalidRequest without)', async () => {
      const { server, client } = backend
      await createLockBucket(client, 'integrity')
      const headers = { 'x-amz-object-lock-legal-hold': 'ON' }
      const unsigned = await s3(server.url, 'PUT', '/integrity/k', {
        body: 'x',
        headers,
        payloadHash: UNSIGNED_PAYLOAD,
      })
      expect([unsigned.status, xmlField(unsigned.text, 'Code')]).toEqual([400, 'InvalidRequest'])
      const withMd5 = await s3(server.url, 'PUT', '/integrity/k', {
        body: 'x',
        payloadHash: UNSIGNED_PAYLOAD,
        headers: { ...headers, 'content-md5': createHash('md5').update('x').digest('base64') },
      })
      expect(withMd5.status).toBe(200)
      const head = await client.send(new HeadObjectCommand({ Bucket: 'integrity', Key: 'k' }))
      expect(head.ObjectLockLegalHoldStatus).toBe('ON')
    })

    it('CreateMultipartUpload locks the completed object', async () => {
      const { client } = backend
      await createLockBucket(client, 'multipart-lock')
      const until = inDays(5)
      const { UploadId } = await client.send(
        new CreateMultipartUploadCommand({
          Bucket: 'multipart-lock',
          Key: 'm',
          ObjectLockMode: 'GOVERNANCE',
          ObjectLockRetainUntilDate: until,
          ObjectLockLegalHoldStatus: 'ON',
        }),
      )
      const part = await client.send(
        new UploadPartCommand({ Bucket: 'multipart-lock', Key: 'm', UploadId, PartNumber: 1, Body: 'part' }),
      )
      const done = await client.send(
        new CompleteMultipartUploadCommand({
          Bucket: 'multipart-lock',
          Key: 'm',
          UploadId,
          MultipartUpload: { Parts: [{ PartNumber: 1, ETag: part.ETag }] },
        }),
      )
      const head = await client.send(new HeadObjectCommand({ Bucket: 'multipart-lock', Key: 'm' }))
      expect([
        head.ObjectLockMode,
        head.ObjectLockRetainUntilDate?.getTime(),
        head.ObjectLockLegalHoldStatus,
      ]).toEqual(['GOVERNANCE', until.getTime(), 'ON'])
      const del = client.send(
        new DeleteObjectCommand({ Bucket: 'multipart-lock', Key: 'm', VersionId: done.VersionId }),
      )
      expect(await failureOf(del)).toEqual({ code: 'AccessDenied', status: 403 })
    })

    it('POST Object reads the lock form fields as the headers', async () => {
      const { server, client } = backend
      await createLockBucket(client, 'post-lock')
      const until = inDays(2)
      const fields = {
        'x-amz-object-lock-mode': 'GOVERNANCE',
        'x-amz-object-lock-retain-until-date': until.toISOString(),
        'x-amz-object-lock-legal-hold': 'ON',
      }
      expect((await postForm(server, 'post-lock', 'posted', fields)).status).toBe(204)
      const head = await client.send(new HeadObjectCommand({ Bucket: 'post-lock', Key: 'posted' }))
      expect([
        head.ObjectLockMode,
        head.ObjectLockRetainUntilDate?.getTime(),
        head.ObjectLockLegalHoldStatus,
      ]).toEqual(['GOVERNANCE', until.getTime(), 'ON'])
      const refused = await postForm(server, PLAIN, 'posted', { 'x-amz-object-lock-legal-hold': 'ON' })
      expect([refused.status, xmlField(refused.text, 'Code')]).toEqual([400, 'InvalidRequest'])
    })

    it("a copy never inherits the source's lock; it takes its own headers", async () => {
      const { client } = backend
      await createLockBucket(client, 'copy-lock')
      await put(client, 'copy-lock', 'src', { ObjectLockLegalHoldStatus: 'ON' })
      // Into a plain bucket: no lock, deletable.
      await client.send(new CopyObjectCommand({ Bucket: PLAIN, Key: 'copied', CopySource: 'copy-lock/src' }))
      const plain = await client.send(new HeadObjectCommand({ Bucket: PLAIN, Key: 'copied' }))
      expect([plain.ObjectLockLegalHoldStatus, plain.ObjectLockMode]).toEqual([undefined, undefined])
      await client.send(new DeleteObjectCommand({ Bucket: PLAIN, Key: 'copied' }))
      // Within the lock bucket: the copy's own headers.
      const until = inDays(4)
      const copy = await client.send(
        new CopyObjectCommand({
          Bucket: 'copy-lock',
          Key: 'dst',
          CopySource: 'copy-lock/src',
          ObjectLockMode: 'COMPLIANCE',
          ObjectLockRetainUntilDate: until,
        }),
      )
      const head = await client.send(new HeadObjectCommand({ Bucket: 'copy-lock', Key: 'dst' }))
      expect([
        head.ObjectLockMode,
        head.ObjectLockRetainUntilDate?.getTime(),
        head.ObjectLockLegalHoldStatus,
      ]).toEqual(['COMPLIANCE', until.getTime(), undefined])
      expect(copy.VersionId).toBeDefined()
    })
  })

  describe('retention and legal hold', () => {
    it('on a bucket without object lock are 400 InvalidRequest', async () => {
      const { client } = backend
      await client.send(new PutObjectCommand({ Bucket: PLAIN, Key: 'r', Body: 'x' }))
      const calls = [
        client.send(new GetObjectRetentionCommand({ Bucket: PLAIN, Key: 'r' })),
        client.send(new GetObjectLegalHoldCommand({ Bucket: PLAIN, Key: 'r' })),
        client.send(new PutObjectLegalHoldCommand({ Bucket: PLAIN, Key: 'r', LegalHold: { Status: 'ON' } })),
        client.send(
          new PutObjectRetentionCommand({
            Bucket: PLAIN,
            Key: 'r',
            Retention: { Mode: 'GOVERNANCE', RetainUntilDate: inDays(1) },
          }),
        ),
      ]
      for (const call of calls) expect(await failureOf(call)).toEqual({ code: 'InvalidRequest', status: 400 })
    })

    it('a version with none is 404 NoSuchObjectLockConfiguration', async () => {
      const { client } = backend
      await createLockBucket(client, 'unset')
      await put(client, 'unset', 'k')
      expect(
        await failureOf(client.send(new GetObjectRetentionCommand({ Bucket: 'unset', Key: 'k' }))),
      ).toEqual({
        code: 'NoSuchObjectLockConfiguration',
        status: 404,
      })
      expect(
        await failureOf(client.send(new GetObjectLegalHoldCommand({ Bucket: 'unset', Key: 'k' }))),
      ).toEqual({
        code: 'NoSuchObjectLockConfiguration',
        status: 404,
      })
    })

    it('GOVERNANCE: a version cannot be deleted or shortened without the bypass; a delete marker can be added', async () => {
      const { client } = backend
      await createLockBucket(client, 'governance')
      const until = inDays(2)
      const v1 = await put(client, 'governance', 'k', {
        ObjectLockMode: 'GOVERNANCE',
        ObjectLockRetainUntilDate: until,
      })
      const retention = await client.send(
        new GetObjectRetentionCommand({ Bucket: 'governance', Key: 'k', VersionId: v1 }),
      )
      expect([retention.Retention?.Mode, retention.Retention?.RetainUntilDate?.getTime()]).toEqual([
        'GOVERNANCE',
        until.getTime(),
      ])
      const remove = () =>
        client.send(new DeleteObjectCommand({ Bucket: 'governance', Key: 'k', VersionId: v1 }))
      expect(await failureOf(remove())).toEqual({ code: 'AccessDenied', status: 403 })
      const shorten = (bypass: boolean) =>
        client.send(
          new PutObjectRetentionCommand({
            Bucket: 'governance',
            Key: 'k',
            VersionId: v1,
            Retention: { Mode: 'GOVERNANCE', RetainUntilDate: inDays(1) },
            ...(bypass ? { BypassGovernanceRetention: true } : {}),
          }),
        )
      expect(await failureOf(shorten(false))).toEqual({ code: 'AccessDenied', status: 403 })
      // Extending needs no bypass.
      await client.send(
        new PutObjectRetentionCommand({
          Bucket: 'governance',
          Key: 'k',
          VersionId: v1,
          Retention: { Mode: 'GOVERNANCE', RetainUntilDate: inDays(3) },
        }),
      )
      // A DELETE without a version ID writes a delete marker: allowed.
      const marker = await client.send(new DeleteObjectCommand({ Bucket: 'governance', Key: 'k' }))
      expect(marker.DeleteMarker).toBe(true)
      // The root holds s3:BypassGovernanceRetention: with the header, it may shorten and delete.
      await shorten(true)
      await client.send(
        new DeleteObjectCommand({
          Bucket: 'governance',
          Key: 'k',
          VersionId: v1,
          BypassGovernanceRetention: true,
        }),
      )
      expect(
        await failureOf(
          client.send(new HeadObjectCommand({ Bucket: 'governance', Key: 'k', VersionId: v1 })),
        ),
      ).toMatchObject({ status: 404 })
    })

    it('COMPLIANCE: no delete and no shortening even with the bypass; only extension in COMPLIANCE', async () => {
      const { client } = backend
      await createLockBucket(client, 'compliance')
      const v1 = await put(client, 'compliance', 'k', {
        ObjectLockMode: 'COMPLIANCE',
        ObjectLockRetainUntilDate: inDays(2),
      })
      const del = client.send(
        new DeleteObjectCommand({
          Bucket: 'compliance',
          Key: 'k',
          VersionId: v1,
          BypassGovernanceRetention: true,
        }),
      )
      expect(await failureOf(del)).toEqual({ code: 'AccessDenied', status: 403 })
      const change = (Mode: 'GOVERNANCE' | 'COMPLIANCE', days: number) =>
        client.send(
          new PutObjectRetentionCommand({
            Bucket: 'compliance',
            Key: 'k',
            VersionId: v1,
            BypassGovernanceRetention: true,
            Retention: { Mode, RetainUntilDate: inDays(days) },
          }),
        )
      expect(await failureOf(change('COMPLIANCE', 1))).toEqual({ code: 'AccessDenied', status: 403 })
      expect(await failureOf(change('GOVERNANCE', 5))).toEqual({ code: 'AccessDenied', status: 403 })
      await change('COMPLIANCE', 5)
      const after = await client.send(
        new GetObjectRetentionCommand({ Bucket: 'compliance', Key: 'k', VersionId: v1 }),
      )
      expect(after.Retention?.Mode).toBe('COMPLIANCE')
      expect(after.Retention?.RetainUntilDate?.getTime()).toBeGreaterThan(inDays(4).getTime())
    })

    it('a retention date in the past is 400 InvalidArgument', async () => {
      const { client } = backend
      await createLockBucket(client, 'past')
      await put(client, 'past', 'k')
      const call = client.send(
        new PutObjectRetentionCommand({
          Bucket: 'past',
          Key: 'k',
          Retention: { Mode: 'GOVERNANCE', RetainUntilDate: new Date('2001-01-01T00:00:00Z') },
        }),
      )
      expect(await failureOf(call)).toEqual({ code: 'InvalidArgument', status: 400 })
    })

    it('a legal hold blocks deletion, even with the bypass, until it is OFF', async () => {
      const { client } = backend
      await createLockBucket(client, 'hold')
      const v1 = await put(client, 'hold', 'k')
      await client.send(
        new PutObjectLegalHoldCommand({
          Bucket: 'hold',
          Key: 'k',
          VersionId: v1,
          LegalHold: { Status: 'ON' },
        }),
      )
      const hold = await client.send(
        new GetObjectLegalHoldCommand({ Bucket: 'hold', Key: 'k', VersionId: v1 }),
      )
      expect(hold.LegalHold?.Status).toBe('ON')
      const del = () =>
        client.send(
          new DeleteObjectCommand({
            Bucket: 'hold',
            Key: 'k',
            VersionId: v1,
            BypassGovernanceRetention: true,
          }),
        )
      expect(await failureOf(del())).toEqual({ code: 'AccessDenied', status: 403 })
      await client.send(
        new PutObjectLegalHoldCommand({
          Bucket: 'hold',
          Key: 'k',
          VersionId: v1,
          LegalHold: { Status: 'OFF' },
        }),
      )
      const off = await client.send(
        new GetObjectLegalHoldCommand({ Bucket: 'hold', Key: 'k', VersionId: v1 }),
      )
      expect(off.LegalHold?.Status).toBe('OFF')
      await del()
    })

    it('DeleteObjects refuses each locked version with AccessDenied and deletes the others', async () => {
      const { client } = backend
      await createLockBucket(client, 'multi')
      const locked = await put(client, 'multi', 'locked', { ObjectLockLegalHoldStatus: 'ON' })
      const free = await put(client, 'multi', 'free')
      const out = await client.send(
        new DeleteObjectsCommand({
          Bucket: 'multi',
          Delete: {
            Objects: [
              { Key: 'locked', VersionId: locked },
              { Key: 'free', VersionId: free },
            ],
          },
        }),
      )
      expect(out.Errors?.map((e) => [e.Key, e.VersionId, e.Code])).toEqual([
        ['locked', locked, 'AccessDenied'],
      ])
      expect(out.Deleted?.map((d) => [d.Key, d.VersionId])).toEqual([['free', free]])
      await client.send(new HeadObjectCommand({ Bucket: 'multi', Key: 'locked', VersionId: locked }))
    })

    it('DeleteBucket is refused while a locked version exists (409 BucketNotEmpty)', async () => {
      const { client } = backend
      await createLockBucket(client, 'keep-bucket')
      const v1 = await put(client, 'keep-bucket', 'k', {
        ObjectLockMode: 'COMPLIANCE',
        ObjectLockRetainUntilDate: inDays(1),
      })
      await client.send(new DeleteObjectCommand({ Bucket: 'keep-bucket', Key: 'k' }))
      expect(await failureOf(client.send(new DeleteBucketCommand({ Bucket: 'keep-bucket' })))).toEqual({
        code: 'BucketNotEmpty',
        status: 409,
      })
      await client.send(new HeadObjectCommand({ Bucket: 'keep-bucket', Key: 'k', VersionId: v1 }))
    })
  })

  describe('force delete of a prefix', () => {
    it('does not remove a locked version, even for the root (403 AccessDenied)', async () => {
      const { server, client } = backend
      await createLockBucket(client, 'forced')
      const v1 = await put(client, 'forced', 'dir/held', { ObjectLockLegalHoldStatus: 'ON' })
      const res = await s3(server.url, 'DELETE', '/forced/dir/', {
        headers: { 'x-minio-force-delete': 'true' },
      })
      expect([res.status, xmlField(res.text, 'Code')]).toEqual([403, 'AccessDenied'])
      await client.send(new HeadObjectCommand({ Bucket: 'forced', Key: 'dir/held', VersionId: v1 }))
    })
  })

  describe('lock headers on GET and HEAD', () => {
    it('go only to callers allowed s3:GetObjectRetention / s3:GetObjectLegalHold', async () => {
      const { server, client } = backend
      await createLockBucket(client, 'lock-read')
      const until = inDays(1)
      await put(client, 'lock-read', 'k', {
        ObjectLockMode: 'GOVERNANCE',
        ObjectLockRetainUntilDate: until,
        ObjectLockLegalHoldStatus: 'ON',
      })
      const object = 'arn:aws:s3:::lock-read/*'
      const reader = { accessKey: 'lockreader1', secretKey: 'lockreader1-secret' }
      const auditor = { accessKey: 'lockreader2', secretKey: 'lockreader2-secret' }
      await addUser(server, reader, [{ Effect: 'Allow', Action: ['s3:GetObject'], Resource: [object] }])
      await addUser(server, auditor, [
        { Effect: 'Allow', Action: ['s3:GetObject', 's3:GetObjectRetention'], Resource: [object] },
      ])
      const lockOf = (head: { ObjectLockMode?: string; ObjectLockLegalHoldStatus?: string }) => [
        head.ObjectLockMode,
        head.ObjectLockLegalHoldStatus,
      ]
      const head = (user: typeof reader) =>
        awsClient(server, user).send(new HeadObjectCommand({ Bucket: 'lock-read', Key: 'k' }))
      expect(lockOf(await head(reader))).toEqual([undefined, undefined])
      expect(lockOf(await head(auditor))).toEqual(['GOVERNANCE', undefined])
      const got = await awsClient(server, reader).send(
        new GetObjectCommand({ Bucket: 'lock-read', Key: 'k' }),
      )
      expect(lockOf(got)).toEqual([undefined, undefined])
      await got.Body?.transformToString()
      expect(lockOf(await client.send(new HeadObjectCommand({ Bucket: 'lock-read', Key: 'k' })))).toEqual([
        'GOVERNANCE',
        'ON',
      ])
    })
  })

  describe('s3:BypassGovernanceRetention', () => {
    it('an IAM user bypasses GOVERNANCE only with the permission and the header', async () => {
      const { server, client } = backend
      await createLockBucket(client, 'iam-bypass')
      const all = {
        Effect: 'Allow',
        Action: ['s3:*'],
        Resource: ['arn:aws:s3:::iam-bypass', 'arn:aws:s3:::iam-bypass/*'],
      }
      const noBypass = {
        Effect: 'Deny',
        Action: ['s3:BypassGovernanceRetention'],
        Resource: ['arn:aws:s3:::iam-bypass/*'],
      }
      const plainUser = { accessKey: 'lockuser1', secretKey: 'lockuser1-secret' }
      const bypassUser = { accessKey: 'lockuser2', secretKey: 'lockuser2-secret' }
      await addUser(server, plainUser, [all, noBypass])
      await addUser(server, bypassUser, [all])
      const lock = { ObjectLockMode: 'GOVERNANCE', ObjectLockRetainUntilDate: inDays(1) }
      const v1 = await put(client, 'iam-bypass', 'k', lock)
      const deleteAs = (user: typeof plainUser, bypass: boolean) =>
        awsClient(server, user).send(
          new DeleteObjectCommand({
            Bucket: 'iam-bypass',
            Key: 'k',
            VersionId: v1,
            ...(bypass ? { BypassGovernanceRetention: true } : {}),
          }),
        )
      expect(await failureOf(deleteAs(plainUser, true))).toEqual({ code: 'AccessDenied', status: 403 })
      expect(await failureOf(deleteAs(bypassUser, false))).toEqual({ code: 'AccessDenied', status: 403 })
      await deleteAs(bypassUser, true)
      expect(
        await failureOf(
          client.send(new HeadObjectCommand({ Bucket: 'iam-bypass', Key: 'k', VersionId: v1 })),
        ),
      ).toMatchObject({ status: 404 })
    })
  })
})
