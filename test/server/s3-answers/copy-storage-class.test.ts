import { createHash } from 'node:crypto'
import {
  CopyObjectCommand,
  CreateMultipartUploadCommand,
  GetObjectAttributesCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsCommand,
  ListObjectsV2Command,
  ListPartsCommand,
  PutObjectCommand,
} from '@aws-sdk/client-s3'
import { describe, expect, it } from 'vitest'
import { BACKENDS } from '../../property/helpers/servers.js'
import { s3, xmlField } from '../helpers/signed-request.js'
import { failureOf, useAwsBackend } from './helpers.js'

const BUCKET = 'classes'

/** CopyObject's `x-amz-storage-class` (issue 15): the class applies to the destination, as S3. */
describe.each(BACKENDS)('CopyObject storage class (%s)', (_name, start) => {
  const backend = useAwsBackend(start, BUCKET)
  const put = (Key: string, extra: Partial<PutObjectCommand['input']> = {}) =>
    backend.client.send(new PutObjectCommand({ Bucket: BUCKET, Key, Body: `bytes of ${Key}`, ...extra }))
  const classOf = async (Key: string) =>
    (await backend.client.send(new HeadObjectCommand({ Bucket: BUCKET, Key }))).StorageClass ?? 'STANDARD'
  const textOf = async (Key: string) =>
    (await backend.client.send(new GetObjectCommand({ Bucket: BUCKET, Key }))).Body!.transformToString()

  it('stores the copy in the class the request names, and listings report it', async () => {
    await put('plain')
    await backend.client.send(
      new CopyObjectCommand({
        Bucket: BUCKET,
        Key: 'reduced',
        CopySource: `${BUCKET}/plain`,
        StorageClass: 'REDUCED_REDUNDANCY',
      }),
    )
    expect(await classOf('reduced')).toBe('REDUCED_REDUNDANCY')
    expect(await classOf('plain')).toBe('STANDARD')
    expect(await textOf('reduced')).toBe('bytes of plain')
    const v2 = await backend.client.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: 'plain' }))
    const v2r = await backend.client.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: 'reduced' }))
    expect(v2.Contents?.map((o) => o.StorageClass)).toEqual(['STANDARD'])
    expect(v2r.Contents?.map((o) => o.StorageClass)).toEqual(['REDUCED_REDUNDANCY'])
    const v1 = await backend.client.send(new ListObjectsCommand({ Bucket: BUCKET, Prefix: 'reduced' }))
    expect(v1.Contents?.map((o) => o.StorageClass)).toEqual(['REDUCED_REDUNDANCY'])
    const attributes = await backend.client.send(
      new GetObjectAttributesCommand({ Bucket: BUCKET, Key: 'reduced', ObjectAttributes: ['StorageClass'] }),
    )
    expect(attributes.StorageClass).toBe('REDUCED_REDUNDANCY')
  })

  it('a copy naming no class is STANDARD, whatever the source (S3: the class is not copied metadata)', async () => {
    await put('rrs-source', { StorageClass: 'REDUCED_REDUNDANCY', Metadata: { a: '1' } })
    await backend.client.send(
      new CopyObjectCommand({ Bucket: BUCKET, Key: 'rrs-copy', CopySource: `${BUCKET}/rrs-source` }),
    )
    expect(await classOf('rrs-copy')).toBe('STANDARD')
    const head = await backend.client.send(new HeadObjectCommand({ Bucket: BUCKET, Key: 'rrs-copy' }))
    expect(head.Metadata).toEqual({ a: '1' })
  })

  it('a copy onto itself that changes only the class is allowed and keeps the metadata', async () => {
    await put('self', { Metadata: { kept: 'yes' }, ContentType: 'text/x-self' })
    await backend.client.send(
      new CopyObjectCommand({
        Bucket: BUCKET,
        Key: 'self',
        CopySource: `${BUCKET}/self`,
        StorageClass: 'REDUCED_REDUNDANCY',
      }),
    )
    const head = await backend.client.send(new HeadObjectCommand({ Bucket: BUCKET, Key: 'self' }))
    expect([head.StorageClass, head.Metadata, head.ContentType]).toEqual([
      'REDUCED_REDUNDANCY',
      { kept: 'yes' },
      'text/x-self',
    ])
    expect(await textOf('self')).toBe('bytes of self')
    // And back to STANDARD, naming it.
    await backend.client.send(
      new CopyObjectCommand({
        Bucket: BUCKET,
        Key: 'self',
        CopySource: `${BUCKET}/self`,
        StorageClass: 'STANDARD',
      }),
    )
    expect(await classOf('self')).toBe('STANDARD')
  })

  it('a copy onto itself changing nothing is still 400 InvalidRequest', async () => {
    await put('same', { StorageClass: 'REDUCED_REDUNDANCY' })
    const selfCopy = (StorageClass?: 'STANDARD' | 'REDUCED_REDUNDANCY') =>
      failureOf(
        backend.client.send(
          new CopyObjectCommand({ Bucket: BUCKET, Key: 'same', CopySource: `${BUCKET}/same`, StorageClass }),
        ),
      )
    expect(await selfCopy()).toEqual({ code: 'InvalidRequest', status: 400 })
    expect(await selfCopy('REDUCED_REDUNDANCY')).toEqual({ code: 'InvalidRequest', status: 400 })
    expect(await classOf('same')).toBe('REDUCED_REDUNDANCY')
  })

  it('a class Silo does not offer is 400 InvalidStorageClass', async () => {
    await put('glacier-source')
    expect(
      await failureOf(
        backend.client.send(
          new CopyObjectCommand({
            Bucket: BUCKET,
            Key: 'glacier',
            CopySource: `${BUCKET}/glacier-source`,
            StorageClass: 'GLACIER',
          }),
        ),
      ),
    ).toEqual({ code: 'InvalidStorageClass', status: 400 })
  })

  it('REPLACE keeps the source full-object checksum (it describes the bytes)', async () => {
    await put('summed', { ChecksumAlgorithm: 'SHA256' })
    const source = await backend.client.send(
      new HeadObjectCommand({ Bucket: BUCKET, Key: 'summed', ChecksumMode: 'ENABLED' }),
    )
    expect(source.ChecksumSHA256).toBeDefined()
    await backend.client.send(
      new CopyObjectCommand({
        Bucket: BUCKET,
        Key: 'summed-copy',
        CopySource: `${BUCKET}/summed`,
        MetadataDirective: 'REPLACE',
        Metadata: { fresh: '1' },
      }),
    )
    const copy = await backend.client.send(
      new HeadObjectCommand({ Bucket: BUCKET, Key: 'summed-copy', ChecksumMode: 'ENABLED' }),
    )
    expect([copy.ChecksumSHA256, copy.Metadata]).toEqual([source.ChecksumSHA256, { fresh: '1' }])
  })

  it('x-amz-checksum-algorithm on a copy stores that checksum of the bytes in place of the source one', async () => {
    const body = 'bytes to sum again'
    await put('to-sum', { Body: body, ChecksumAlgorithm: 'CRC32' })
    const copied = await backend.client.send(
      new CopyObjectCommand({
        Bucket: BUCKET,
        Key: 'summed-sha',
        CopySource: `${BUCKET}/to-sum`,
        ChecksumAlgorithm: 'SHA256',
      }),
    )
    const sha256 = createHash('sha256').update(body).digest('base64')
    expect(copied.CopyObjectResult?.ChecksumSHA256).toBe(sha256)
    const head = await backend.client.send(
      new HeadObjectCommand({ Bucket: BUCKET, Key: 'summed-sha', ChecksumMode: 'ENABLED' }),
    )
    expect([head.ChecksumSHA256, head.ChecksumCRC32]).toEqual([sha256, undefined])
    const source = await backend.client.send(
      new HeadObjectCommand({ Bucket: BUCKET, Key: 'to-sum', ChecksumMode: 'ENABLED' }),
    )
    // Asking for the algorithm the source already has keeps its checksum.
    await backend.client.send(
      new CopyObjectCommand({
        Bucket: BUCKET,
        Key: 'summed-crc',
        CopySource: `${BUCKET}/to-sum`,
        ChecksumAlgorithm: 'CRC32',
      }),
    )
    const kept = await backend.client.send(
      new HeadObjectCommand({ Bucket: BUCKET, Key: 'summed-crc', ChecksumMode: 'ENABLED' }),
    )
    expect(kept.ChecksumCRC32).toBe(source.ChecksumCRC32)
    const res = await s3(backend.server.url, 'PUT', `/${BUCKET}/summed-bad`, {
      headers: { 'x-amz-copy-source': `/${BUCKET}/to-sum`, 'x-amz-checksum-algorithm': 'MD7' },
    })
    expect([res.status, xmlField(res.text, 'Code')]).toEqual([400, 'InvalidRequest'])
  })

  it('ListParts and ListMultipartUploads report the upload class', async () => {
    const { UploadId } = await backend.client.send(
      new CreateMultipartUploadCommand({ Bucket: BUCKET, Key: 'mp-rrs', StorageClass: 'REDUCED_REDUNDANCY' }),
    )
    const parts = await backend.client.send(new ListPartsCommand({ Bucket: BUCKET, Key: 'mp-rrs', UploadId }))
    expect(parts.StorageClass).toBe('REDUCED_REDUNDANCY')
    const uploads = await backend.client.send(
      new ListMultipartUploadsCommand({ Bucket: BUCKET, Prefix: 'mp-' }),
    )
    expect(uploads.Uploads?.map((u) => u.StorageClass)).toEqual(['REDUCED_REDUNDANCY'])
  })
})
