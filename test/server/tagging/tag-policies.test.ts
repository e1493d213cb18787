import {
  CreateBucketCommand,
  GetObjectCommand,
  GetObjectTaggingCommand,
  HeadObjectCommand,
  PutBucketVersioningCommand,
  PutObjectCommand,
  PutObjectTaggingCommand,
} from '@aws-sdk/client-s3'
import { describe, expect, it } from 'vitest'
import { BACKENDS } from '../../property/helpers/servers.js'
import { addUser, awsClient, failureOf, useAwsBackend } from '../s3-answers/helpers.js'

const BUCKET = 'tag-policies'
const READER = { accessKey: 'tagreader', secretKey: 'tagreader-secret' }
const WRITER = { accessKey: 'tagwriter', secretKey: 'tagwriter-secret' }
const VERSION_READER = { accessKey: 'tagversions', secretKey: 'tagversions-secret' }
const VERSION_TAGGER = { accessKey: 'versiontagger', secretKey: 'versiontagger-secret' }
const PLAIN_READER = { accessKey: 'plainreader', secretKey: 'plainreader-secret' }
const OBJECTS = `arn:aws:s3:::${BUCKET}/*`

/**
 * Tags in policy conditions (issue 14): `s3:ExistingObjectTag/<key>` is the object's tag on
 * reads, `s3:RequestObjectTag/<key>` and `s3:RequestObjectTagKeys` the request's tags on
 * PutObject (x-amz-tagging) and on PutObjectTagging (its body, read after the first check).
 */
describe.each(BACKENDS)('tags in policies (%s)', (_name, start) => {
  const backend = useAwsBackend(start, BUCKET)
  const put = (Key: string, Tagging?: string) =>
    backend.client.send(new PutObjectCommand({ Bucket: BUCKET, Key, Body: Key, Tagging }))

  it('s3:ExistingObjectTag allows reading only the objects with the tag', async () => {
    await addUser(backend.server, READER, [
      {
        Effect: 'Allow',
        Action: ['s3:GetObject', 's3:GetObjectTagging'],
        Resource: [OBJECTS],
        Condition: { StringEquals: { 's3:ExistingObjectTag/visibility': 'public' } },
      },
    ])
    await put('public', 'visibility=public')
    await put('private', 'visibility=private')
    await put('untagged')
    const reader = awsClient(backend.server, READER)
    const get = (Key: string) => reader.send(new GetObjectCommand({ Bucket: BUCKET, Key }))
    const got = await get('public')
    expect(await got.Body!.transformToString()).toBe('public')
    expect(await failureOf(get('private'))).toEqual({ code: 'AccessDenied', status: 403 })
    expect(await failureOf(get('untagged'))).toEqual({ code: 'AccessDenied', status: 403 })
    const tagging = await reader.send(new GetObjectTaggingCommand({ Bucket: BUCKET, Key: 'public' }))
    expect(tagging.TagSet).toEqual([{ Key: 'visibility', Value: 'public' }])
    // Retagging by the root changes the answer at once.
    await backend.client.send(
      new PutObjectTaggingCommand({
        Bucket: BUCKET,
        Key: 'private',
        Tagging: { TagSet: [{ Key: 'visibility', Value: 'public' }] },
      }),
    )
    expect(await (await get('private')).Body!.transformToString()).toBe('private')
  })

  it('s3:RequestObjectTag on PutObject (x-amz-tagging) and PutObjectTagging (the body)', async () => {
    await addUser(backend.server, WRITER, [
      {
        Effect: 'Allow',
        Action: ['s3:PutObject', 's3:PutObjectTagging'],
        Resource: [OBJECTS],
        Condition: { StringEquals: { 's3:RequestObjectTag/env': 'dev' } },
      },
      {
        Effect: 'Deny',
        Action: ['s3:PutObjectTagging'],
        Resource: [OBJECTS],
        Condition: { 'ForAnyValue:StringEquals': { 's3:RequestObjectTagKeys': ['secret'] } },
      },
    ])
    const writer = awsClient(backend.server, WRITER)
    const write = (Key: string, Tagging?: string) =>
      writer.send(new PutObjectCommand({ Bucket: BUCKET, Key, Body: Key, Tagging }))
    expect(await failureOf(write('w-dev', 'env=dev'))).toEqual({ code: 'ok' })
    expect(await failureOf(write('w-prod', 'env=prod'))).toEqual({ code: 'AccessDenied', status: 403 })
    expect(await failureOf(write('w-none'))).toEqual({ code: 'AccessDenied', status: 403 })
    const retag = (TagSet: Array<{ Key: string; Value: string }>) =>
      writer.send(new PutObjectTaggingCommand({ Bucket: BUCKET, Key: 'w-dev', Tagging: { TagSet } }))
    expect(
      await failureOf(
        retag([
          { Key: 'env', Value: 'dev' },
          { Key: 'n', Value: '2' },
        ]),
      ),
    ).toEqual({
      code: 'ok',
    })
    expect(await failureOf(retag([{ Key: 'env', Value: 'prod' }]))).toEqual({
      code: 'AccessDenied',
      status: 403,
    })
    expect(
      await failureOf(
        retag([
          { Key: 'env', Value: 'dev' },
          { Key: 'secret', Value: 'x' },
        ]),
      ),
    ).toEqual({ code: 'AccessDenied', status: 403 })
    // The refused retags wrote nothing: the object keeps the tags of the one allowed.
    const tags = await backend.client.send(new GetObjectTaggingCommand({ Bucket: BUCKET, Key: 'w-dev' }))
    expect(tags.TagSet).toEqual([
      { Key: 'env', Value: 'dev' },
      { Key: 'n', Value: '2' },
    ])
  })

  it('a request naming a version is judged by that version tags, not the latest', async () => {
    const bucket = 'tag-policy-versions'
    await backend.client.send(new CreateBucketCommand({ Bucket: bucket }))
    await backend.client.send(
      new PutBucketVersioningCommand({ Bucket: bucket, VersioningConfiguration: { Status: 'Enabled' } }),
    )
    await addUser(backend.server, VERSION_READER, [
      {
        Effect: 'Allow',
        Action: ['s3:GetObject', 's3:GetObjectVersion'],
        Resource: [`arn:aws:s3:::${bucket}/*`],
      },
      {
        Effect: 'Deny',
        Action: ['s3:GetObject', 's3:GetObjectVersion'],
        Resource: [`arn:aws:s3:::${bucket}/*`],
        Condition: { StringEquals: { 's3:ExistingObjectTag/secret': 'yes' } },
      },
    ])
    const v1 = await backend.client.send(
      new PutObjectCommand({ Bucket: bucket, Key: 'doc', Body: 'secret draft', Tagging: 'secret=yes' }),
    )
    const v2 = await backend.client.send(new PutObjectCommand({ Bucket: bucket, Key: 'doc', Body: 'public' }))
    const reader = awsClient(backend.server, VERSION_READER)
    const get = (VersionId?: string) =>
      reader.send(new GetObjectCommand({ Bucket: bucket, Key: 'doc', VersionId }))
    expect(await (await get()).Body!.transformToString()).toBe('public')
    expect(await (await get(v2.VersionId)).Body!.transformToString()).toBe('public')
    expect(await failureOf(get(v1.VersionId))).toEqual({ code: 'AccessDenied', status: 403 })
  })

  it('PutObjectTagging of a named version needs s3:PutObjectVersionTagging, before and after the body', async () => {
    const bucket = 'tag-policy-version-tags'
    await backend.client.send(new CreateBucketCommand({ Bucket: bucket }))
    await backend.client.send(
      new PutBucketVersioningCommand({ Bucket: bucket, VersioningConfiguration: { Status: 'Enabled' } }),
    )
    await addUser(backend.server, VERSION_TAGGER, [
      { Effect: 'Allow', Action: ['s3:PutObjectVersionTagging'], Resource: [`arn:aws:s3:::${bucket}/*`] },
    ])
    const { VersionId } = await backend.client.send(
      new PutObjectCommand({ Bucket: bucket, Key: 'v', Body: 'v' }),
    )
    const tagger = awsClient(backend.server, VERSION_TAGGER)
    const retag = (versionId?: string) =>
      tagger.send(
        new PutObjectTaggingCommand({
          Bucket: bucket,
          Key: 'v',
          VersionId: versionId,
          Tagging: { TagSet: [{ Key: 'by', Value: 'version' }] },
        }),
      )
    expect(await failureOf(retag(VersionId))).toEqual({ code: 'ok' })
    expect(await failureOf(retag())).toEqual({ code: 'AccessDenied', status: 403 })
    const tags = await backend.client.send(
      new GetObjectTaggingCommand({ Bucket: bucket, Key: 'v', VersionId }),
    )
    expect(tags.TagSet).toEqual([{ Key: 'by', Value: 'version' }])
  })

  it('x-amz-tagging-count goes only to callers who may read the tags (s3:GetObjectTagging), as S3', async () => {
    await put('counted', 'a=1&b=2')
    await addUser(backend.server, PLAIN_READER, [
      { Effect: 'Allow', Action: ['s3:GetObject'], Resource: [OBJECTS] },
    ])
    const plain = awsClient(backend.server, PLAIN_READER)
    const head = await plain.send(new HeadObjectCommand({ Bucket: BUCKET, Key: 'counted' }))
    const get = await plain.send(new GetObjectCommand({ Bucket: BUCKET, Key: 'counted' }))
    expect(head.TagCount).toBeUndefined()
    expect(get.TagCount).toBeUndefined()
    await get.Body!.transformToString()
    const root = await backend.client.send(new HeadObjectCommand({ Bucket: BUCKET, Key: 'counted' }))
    expect(root.TagCount).toBe(2)
    await addUser(backend.server, PLAIN_READER, [
      { Effect: 'Allow', Action: ['s3:GetObject', 's3:GetObjectTagging'], Resource: [OBJECTS] },
    ])
    const allowed = await plain.send(new HeadObjectCommand({ Bucket: BUCKET, Key: 'counted' }))
    expect(allowed.TagCount).toBe(2)
  })
})
