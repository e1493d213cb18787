import { createHash } from 'node:crypto'
import { Crc32, Crc32c, Crc64Nvme } from '@aws-sdk/checksums/crc'
import {
  type CompletedPart,
  CompleteMultipartUploadCommand,
  type CompleteMultipartUploadCommandInput,
  CreateMultipartUploadCommand,
  GetObjectAttributesCommand,
  HeadObjectCommand,
  ListPartsCommand,
  UploadPartCommand,
} from '@aws-sdk/client-s3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BACKENDS } from '../../property/helpers/servers.js'
import { s3 } from '../helpers/signed-request.js'
import type { TestServer } from '../helpers/test-server.js'
import { awsClient, failureOf } from './helpers.js'

const PARTS = [Buffer.alloc(5 * 1024 * 1024, 7), Buffer.from('the last part\n'.repeat(100))]

// Computed independently of the server: node:crypto and the AWS SDK's own CRC32.
async function digestOf(algorithm: 'CRC32' | 'SHA256', data: Buffer): Promise<Buffer> {
  if (algorithm === 'SHA256') return createHash('sha256').update(data).digest()
  const crc = new Crc32()
  crc.update(data)
  return Buffer.from(await crc.digest())
}

// S3's COMPOSITE checksum: the checksum of the concatenated binary part checksums, `-N`.
async function compositeOf(algorithm: 'CRC32' | 'SHA256', parts: Buffer[]): Promise<string> {
  const digests = await Promise.all(parts.map((p) => digestOf(algorithm, p)))
  const whole = await digestOf(algorithm, Buffer.concat(digests))
  return `${whole.toString('base64')}-${parts.length}`
}

const FIELD = { CRC32: 'ChecksumCRC32', SHA256: 'ChecksumSHA256', CRC32C: 'ChecksumCRC32C' } as const

describe.each(BACKENDS)('multipart checksums (%s)', (_name, start) => {
  let server: TestServer
  beforeAll(async () => {
    server = await start()
    await s3(server.url, 'PUT', '/mpsums')
  })
  afterAll(() => server.stop())

  async function uploadParts(key: string, algorithm: keyof typeof FIELD, type?: 'FULL_OBJECT') {
    const client = awsClient(server)
    const { UploadId } = await client.send(
      new CreateMultipartUploadCommand({
        Bucket: 'mpsums',
        Key: key,
        ChecksumAlgorithm: algorithm,
        ChecksumType: type,
      }),
    )
    const parts: Array<Record<string, unknown>> = []
    for (const [i, body] of PARTS.entries()) {
      const done = await client.send(
        new UploadPartCommand({
          Bucket: 'mpsums',
          Key: key,
          UploadId,
          PartNumber: i + 1,
          Body: body,
          ChecksumAlgorithm: algorithm,
        }),
      )
      parts.push({ PartNumber: i + 1, ETag: done.ETag, [FIELD[algorithm]]: done[FIELD[algorithm]] })
    }
    return { client, UploadId: UploadId!, parts }
  }

  /** Completes `key`'s upload with `parts` and any other CompleteMultipartUpload fields. */
  function completeUpload(
    client: ReturnType<typeof awsClient>,
    key: string,
    UploadId: string | undefined,
    parts: CompletedPart[],
    fields: Partial<CompleteMultipartUploadCommandInput> = {},
  ) {
    return client.send(
      new CompleteMultipartUploadCommand({
        Bucket: 'mpsums',
        Key: key,
        UploadId,
        MultipartUpload: { Parts: parts },
        ...fields,
      }),
    )
  }

  it.each(['CRC32', 'SHA256'] as const)(
    'an upload created with %s: ListParts, Complete, HeadObject and GetObjectAttributes carry the part and COMPOSITE checksums',
    async (algorithm) => {
      const key = `composite-${algorithm}`
      const { client, UploadId, parts } = await uploadParts(key, algorithm)
      const field = FIELD[algorithm]
      const expectedParts = await Promise.all(
        PARTS.map(async (p) => (await digestOf(algorithm, p)).toString('base64')),
      )
      expect(parts.map((p) => p[field])).toEqual(expectedParts)

      const listed = await client.send(new ListPartsCommand({ Bucket: 'mpsums', Key: key, UploadId }))
      expect(listed.Parts?.map((p) => p[field])).toEqual(expectedParts)

      const composite = await compositeOf(algorithm, PARTS)
      const completed = await client.send(
        new CompleteMultipartUploadCommand({
          Bucket: 'mpsums',
          Key: key,
          UploadId,
          MultipartUpload: { Parts: parts },
        }),
      )
      expect(completed[field]).toBe(composite)

      const head = await client.send(
        new HeadObjectCommand({ Bucket: 'mpsums', Key: key, ChecksumMode: 'ENABLED' }),
      )
      expect([head[field], head.ChecksumType]).toEqual([composite, 'COMPOSITE'])

      const attrs = await client.send(
        new GetObjectAttributesCommand({
          Bucket: 'mpsums',
          Key: key,
          ObjectAttributes: ['Checksum', 'ObjectParts'],
        }),
      )
      expect(attrs.Checksum).toEqual({ [field]: composite, ChecksumType: 'COMPOSITE' })
      expect(attrs.ObjectParts?.Parts?.map((p) => p[field])).toEqual(expectedParts)
    },
  )

  it.each([
    ['CRC32C', 'FULL_OBJECT'],
    ['CRC64NVME', undefined],
  ] as const)(
    'an upload created with %s (type %s) gets the FULL_OBJECT CRC of the whole object',
    async (algorithm, type) => {
      const client = awsClient(server)
      const key = `full-${algorithm}`
      const { UploadId } = await client.send(
        new CreateMultipartUploadCommand({
          Bucket: 'mpsums',
          Key: key,
          ChecksumAlgorithm: algorithm,
          ChecksumType: type,
        }),
      )
      const field = `Checksum${algorithm}` as const
      const parts = []
      for (const [i, body] of PARTS.entries()) {
        const done = await client.send(
          new UploadPartCommand({
            Bucket: 'mpsums',
            Key: key,
            UploadId,
            PartNumber: i + 1,
            Body: body,
            ChecksumAlgorithm: algorithm,
          }),
        )
        parts.push({ PartNumber: i + 1, ETag: done.ETag, [field]: done[field] })
      }
      const completed = await client.send(
        new CompleteMultipartUploadCommand({
          Bucket: 'mpsums',
          Key: key,
          UploadId,
          MultipartUpload: { Parts: parts },
        }),
      )
      const crc = algorithm === 'CRC32C' ? new Crc32c() : new Crc64Nvme()
      crc.update(Buffer.concat(PARTS))
      const whole = Buffer.from(await crc.digest()).toString('base64')
      expect([completed[field], completed.ChecksumType]).toEqual([whole, 'FULL_OBJECT'])
      const head = await client.send(
        new HeadObjectCommand({ Bucket: 'mpsums', Key: key, ChecksumMode: 'ENABLED' }),
      )
      expect([head[field], head.ChecksumType]).toEqual([whole, 'FULL_OBJECT'])
    },
  )

  it('CreateMultipartUpload refuses an unknown algorithm, a type alone, and a type the algorithm does not have', async () => {
    const create = (headers: Record<string, string>) =>
      s3(server.url, 'POST', '/mpsums/refused?uploads', { headers })
    const unknown = await create({ 'x-amz-checksum-algorithm': 'MD4' })
    expect([unknown.status, unknown.text]).toEqual([400, expect.stringContaining('InvalidRequest')])
    const full = await create({ 'x-amz-checksum-algorithm': 'SHA256', 'x-amz-checksum-type': 'FULL_OBJECT' })
    expect([full.status, full.text]).toEqual([400, expect.stringContaining('InvalidRequest')])
    const composite = await create({
      'x-amz-checksum-algorithm': 'CRC64NVME',
      'x-amz-checksum-type': 'COMPOSITE',
    })
    expect([composite.status, composite.text]).toEqual([400, expect.stringContaining('InvalidRequest')])
    const typeOnly = await create({ 'x-amz-checksum-type': 'COMPOSITE' })
    expect([typeOnly.status, typeOnly.text]).toEqual([400, expect.stringContaining('InvalidRequest')])
  })

  it('a Complete of an upload created with an algorithm must name every part checksum', async () => {
    const { client, UploadId, parts } = await uploadParts('missing-part-sum', 'SHA256')
    const without = parts.map((p, i) => (i === 0 ? { PartNumber: p.PartNumber, ETag: p.ETag } : p))
    const complete = completeUpload(client, 'missing-part-sum', UploadId, without)
    expect(await failureOf(complete)).toMatchObject({ code: 'InvalidRequest', status: 400 })
  })

  it('a Complete naming a part with a checksum other than the stored one is InvalidPart and keeps the upload', async () => {
    const { client, UploadId, parts } = await uploadParts('wrong-part-sum', 'CRC32')
    const wrong = parts.map((p, i) => (i === 1 ? { ...p, ChecksumCRC32: 'AAAAAA==' } : p))
    const complete = (list: typeof parts) => completeUpload(client, 'wrong-part-sum', UploadId, list)
    expect(await failureOf(complete(wrong))).toMatchObject({ code: 'InvalidPart', status: 400 })
    expect((await complete(parts)).ChecksumCRC32).toBe(await compositeOf('CRC32', PARTS))
  })

  it('a Complete checks the whole-object checksum, checksum type and x-amz-mp-object-size it is sent, and keeps the upload when one is wrong', async () => {
    const key = 'whole-sum'
    const { client, UploadId, parts } = await uploadParts(key, 'CRC32C', 'FULL_OBJECT')
    const crc = new Crc32c()
    crc.update(Buffer.concat(PARTS))
    const whole = Buffer.from(await crc.digest()).toString('base64')
    const size = PARTS.reduce((sum, p) => sum + p.length, 0)
    const complete = (fields: Partial<CompleteMultipartUploadCommandInput>) =>
      completeUpload(client, key, UploadId, parts, fields)
    expect(await failureOf(complete({ ChecksumCRC32C: 'AAAAAA==' }))).toMatchObject({
      code: 'BadDigest',
      status: 400,
    })
    expect(
      await failureOf(complete({ ChecksumSHA256: createHash('sha256').digest('base64') })),
    ).toMatchObject({
      code: 'InvalidRequest',
      status: 400,
    })
    expect(await failureOf(complete({ ChecksumType: 'COMPOSITE' }))).toMatchObject({
      code: 'InvalidRequest',
      status: 400,
    })
    expect(await failureOf(complete({ MpuObjectSize: size + 1 }))).toMatchObject({
      code: 'InvalidRequest',
      status: 400,
    })
    expect((await s3(server.url, 'HEAD', `/mpsums/${key}`)).status).toBe(404)
    const done = await complete({ ChecksumCRC32C: whole, ChecksumType: 'FULL_OBJECT', MpuObjectSize: size })
    expect([done.ChecksumCRC32C, done.ChecksumType]).toEqual([whole, 'FULL_OBJECT'])
  })

  it('a whole-object checksum sent to a Complete of an upload created without an algorithm is refused, not ignored', async () => {
    const client = awsClient(server)
    const key = 'no-algorithm'
    const { UploadId } = await client.send(new CreateMultipartUploadCommand({ Bucket: 'mpsums', Key: key }))
    const done = await client.send(
      new UploadPartCommand({ Bucket: 'mpsums', Key: key, UploadId, PartNumber: 1, Body: PARTS[1] }),
    )
    const complete = (fields: Partial<CompleteMultipartUploadCommandInput>) =>
      completeUpload(client, key, UploadId, [{ PartNumber: 1, ETag: done.ETag }], fields)
    expect(await failureOf(complete({ ChecksumCRC32: 'AAAAAA==' }))).toMatchObject({
      code: 'InvalidRequest',
      status: 400,
    })
    expect((await complete({})).ETag).toBeTruthy()
  })
})
