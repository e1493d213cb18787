import {
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateMultipartUploadCommand,
  GetObjectCommand,
  GetObjectTaggingCommand,
  HeadObjectCommand,
  PutObjectCommand,
  UploadPartCommand,
} from '@aws-sdk/client-s3'
import { describe, expect, it } from 'vitest'
import { BACKENDS } from '../../property/helpers/servers.js'
import { postForm } from '../helpers/post-form.js'
import { s3 } from '../helpers/signed-request.js'
import { failureOf, useAwsBackend } from '../s3-answers/helpers.js'

const BUCKET = 'tagged'

/** Tags given with the writes that create an object (issue 14), as S3 takes them. */
describe.each(BACKENDS)('tags on writes (%s)', (_name, start) => {
  const backend = useAwsBackend(start, BUCKET)
  const tagsOf = async (Key: string) =>
    (await backend.client.send(new GetObjectTaggingCommand({ Bucket: BUCKET, Key }))).TagSet?.map((t) => [
      t.Key,
      t.Value,
    ])
  const put = (Key: string, Tagging?: string, extra: Partial<PutObjectCommand['input']> = {}) =>
    backend.client.send(
      new PutObjectCommand({ Bucket: BUCKET, Key, Body: `bytes of ${Key}`, Tagging, ...extra }),
    )

  it('PutObject stores x-amz-tagging; GET and HEAD answer x-amz-tagging-count and never the internal header', async () => {
    await put('a', 'project=silo&team%20x=a%2Bb&empty=')
    expect(await tagsOf('a')).toEqual([
      ['project', 'silo'],
      ['team x', 'a+b'],
      ['empty', ''],
    ])
    const head = await backend.client.send(new HeadObjectCommand({ Bucket: BUCKET, Key: 'a' }))
    const get = await backend.client.send(new GetObjectCommand({ Bucket: BUCKET, Key: 'a' }))
    expect(head.TagCount).toBe(3)
    expect(get.TagCount).toBe(3)
    expect(await get.Body!.transformToString()).toBe('bytes of a')
    for (const method of ['GET', 'HEAD']) {
      const res = await s3(backend.server.url, method, `/${BUCKET}/a`)
      expect(res.headers['x-amz-tagging-count']).toBe('3')
      expect(Object.keys(res.headers).filter((h) => h.startsWith('x-silo-'))).toEqual([])
    }
    // An untagged object has no count header.
    await put('plain')
    const plain = await s3(backend.server.url, 'HEAD', `/${BUCKET}/plain`)
    expect(plain.headers['x-amz-tagging-count']).toBeUndefined()
    expect(await tagsOf('plain')).toEqual([])
  })

  it('listings never show the internal header', async () => {
    await put('listed', 'k=v')
    for (const query of [
      'list-type=2&prefix=listed',
      'prefix=listed',
      'list-type=2&prefix=listed&metadata=true',
    ]) {
      const res = await s3(backend.server.url, 'GET', `/${BUCKET}?${query}`)
      expect(res.status).toBe(200)
      expect(res.text).toContain('<Key>listed</Key>')
      expect(res.text).not.toContain('x-silo-internal')
    }
    // MinIO's metadata=true listing shows the tags, in their own element only.
    const withMetadata = await s3(
      backend.server.url,
      'GET',
      `/${BUCKET}?list-type=2&prefix=listed&metadata=true`,
    )
    expect(withMetadata.text).toContain('<UserTags>k=v</UserTags>')
    expect(withMetadata.text.match(/k=v/g)).toHaveLength(1)
  })

  it('a client cannot store the internal header itself', async () => {
    const res = await s3(backend.server.url, 'PUT', `/${BUCKET}/forged`, {
      body: 'x',
      headers: { 'x-silo-internal-tags': 'forged=1', 'x-amz-meta-x-silo-internal-tags': 'forged=1' },
    })
    expect(res.status).toBe(200)
    expect(await tagsOf('forged')).toEqual([])
    const head = await s3(backend.server.url, 'HEAD', `/${BUCKET}/forged`)
    expect(head.headers['x-amz-tagging-count']).toBeUndefined()
    expect(head.headers['x-amz-meta-x-silo-internal-tags']).toBe('forged=1')
  })

  it.each([
    ['k=1&k=2', 'InvalidArgument'],
    ['aws:k=1', 'InvalidTag'],
    [`${'k'.repeat(129)}=1`, 'InvalidTag'],
    [`k=${'v'.repeat(257)}`, 'InvalidTag'],
    [Array.from({ length: 11 }, (_, i) => `k${i}=v`).join('&'), 'BadRequest'],
  ])('PutObject with x-amz-tagging %s is %s, and nothing is stored', async (tagging, code) => {
    const key = `refused-${code}-${tagging.length}`
    const res = await s3(backend.server.url, 'PUT', `/${BUCKET}/${key}`, {
      body: 'x',
      headers: { 'x-amz-tagging': tagging },
    })
    expect(res.status).toBe(400)
    expect(res.text).toContain(`<Code>${code}</Code>`)
    expect((await s3(backend.server.url, 'HEAD', `/${BUCKET}/${key}`)).status).toBe(404)
  })

  it('CopyObject keeps the source tags (COPY), whichever the metadata directive; REPLACE takes x-amz-tagging', async () => {
    await put('src', 'a=1&b=2', { Metadata: { m: 'old' } })
    const copy = (Key: string, input: Partial<CopyObjectCommand['input']>) =>
      backend.client.send(
        new CopyObjectCommand({ Bucket: BUCKET, Key, CopySource: `${BUCKET}/src`, ...input }),
      )
    await copy('copy-default', {})
    expect(await tagsOf('copy-default')).toEqual([
      ['a', '1'],
      ['b', '2'],
    ])
    await copy('copy-meta-replaced', { MetadataDirective: 'REPLACE', Metadata: { m: 'new' } })
    expect(await tagsOf('copy-meta-replaced')).toEqual([
      ['a', '1'],
      ['b', '2'],
    ])
    const head = await backend.client.send(
      new HeadObjectCommand({ Bucket: BUCKET, Key: 'copy-meta-replaced' }),
    )
    expect(head.Metadata).toEqual({ m: 'new' })
    await copy('copy-tags-replaced', { TaggingDirective: 'REPLACE', Tagging: 'c=3' })
    expect(await tagsOf('copy-tags-replaced')).toEqual([['c', '3']])
    const kept = await backend.client.send(
      new HeadObjectCommand({ Bucket: BUCKET, Key: 'copy-tags-replaced' }),
    )
    expect(kept.Metadata).toEqual({ m: 'old' })
    await copy('copy-tags-cleared', { TaggingDirective: 'REPLACE' })
    expect(await tagsOf('copy-tags-cleared')).toEqual([])
    expect(await failureOf(copy('copy-bad', { TaggingDirective: 'MERGE' as 'COPY' }))).toEqual({
      code: 'InvalidArgument',
      status: 400,
    })
    expect(await failureOf(copy('copy-ignored', { Tagging: 'c=3' }))).toEqual({
      code: 'InvalidArgument',
      status: 400,
    })
    expect(
      await failureOf(copy('copy-invalid', { TaggingDirective: 'REPLACE', Tagging: 'aws:c=3' })),
    ).toEqual({
      code: 'InvalidTag',
      status: 400,
    })
    expect((await s3(backend.server.url, 'HEAD', `/${BUCKET}/copy-ignored`)).status).toBe(404)
  })

  it('CreateMultipartUpload takes x-amz-tagging; the completed object has the tags', async () => {
    const { UploadId } = await backend.client.send(
      new CreateMultipartUploadCommand({ Bucket: BUCKET, Key: 'multi', Tagging: 'stage=upload' }),
    )
    const part = await backend.client.send(
      new UploadPartCommand({ Bucket: BUCKET, Key: 'multi', UploadId, PartNumber: 1, Body: 'one part' }),
    )
    await backend.client.send(
      new CompleteMultipartUploadCommand({
        Bucket: BUCKET,
        Key: 'multi',
        UploadId,
        MultipartUpload: { Parts: [{ PartNumber: 1, ETag: part.ETag }] },
      }),
    )
    expect(await tagsOf('multi')).toEqual([['stage', 'upload']])
    const refused = backend.client.send(
      new CreateMultipartUploadCommand({ Bucket: BUCKET, Key: 'multi-bad', Tagging: 'a=1&a=2' }),
    )
    expect(await failureOf(refused)).toEqual({ code: 'InvalidArgument', status: 400 })
  })

  it('POST Object takes the tagging field (a Tagging document), checked as S3', async () => {
    const tagging =
      '<Tagging><TagSet><Tag><Key>via</Key><Value>form</Value></Tag><Tag><Key>n</Key><Value>1</Value></Tag></TagSet></Tagging>'
    const res = await postForm(backend.server, BUCKET, 'posted', { tagging })
    expect(res.status).toBe(204)
    expect(await tagsOf('posted')).toEqual([
      ['via', 'form'],
      ['n', '1'],
    ])
    const bad = await postForm(backend.server, BUCKET, 'posted-bad', {
      tagging: '<Tagging><TagSet><Tag><Key>aws:x</Key><Value>1</Value></Tag></TagSet></Tagging>',
    })
    expect(bad.status).toBe(400)
    expect(bad.text).toContain('<Code>InvalidTag</Code>')
    const header = await postForm(backend.server, BUCKET, 'posted-header', { 'x-amz-tagging': 'a=1' })
    expect(header.status).toBe(400)
    expect(header.text).toContain('<Code>InvalidArgument</Code>')
    expect((await s3(backend.server.url, 'HEAD', `/${BUCKET}/posted-bad`)).status).toBe(404)
    expect((await s3(backend.server.url, 'HEAD', `/${BUCKET}/posted-header`)).status).toBe(404)
  })
})
