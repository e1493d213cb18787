import { createHash } from 'node:crypto'
import { Crc32, Crc32c, Crc64Nvme } from '@aws-sdk/checksums/crc'
import {
  type ChecksumAlgorithm,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  GetObjectAttributesCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  UploadPartCommand,
} from '@aws-sdk/client-s3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BACKENDS } from '../../property/helpers/servers.js'
import { s3, UNSIGNED_PAYLOAD } from '../helpers/signed-request.js'
import type { TestServer } from '../helpers/test-server.js'
import { awsClient, failureOf } from './helpers.js'

const BODY = Buffer.from('the quick brown fox jumps over the lazy dog\n'.repeat(50))

// Expected values computed independently of the server: node:crypto and the AWS SDK's own CRCs.
async function checksumOf(algorithm: string, data: Buffer): Promise<string> {
  if (algorithm === 'SHA1' || algorithm === 'SHA256') {
    return createHash(algorithm.toLowerCase()).update(data).digest('base64')
  }
  const crc = algorithm === 'CRC32' ? new Crc32() : algorithm === 'CRC32C' ? new Crc32c() : new Crc64Nvme()
  crc.update(data)
  return Buffer.from(await crc.digest()).toString('base64')
}

const ALGORITHMS = ['CRC32', 'CRC32C', 'CRC64NVME', 'SHA1', 'SHA256'] as const
const FIELD = {
  CRC32: 'ChecksumCRC32',
  CRC32C: 'ChecksumCRC32C',
  CRC64NVME: 'ChecksumCRC64NVME',
  SHA1: 'ChecksumSHA1',
  SHA256: 'ChecksumSHA256',
} as const

// One aws-chunked body (unsigned chunks) with the given trailer lines.
function chunkedWithTrailer(data: Buffer, trailer: string): Buffer {
  return Buffer.concat([
    Buffer.from(`${data.length.toString(16)}\r\n`),
    data,
    Buffer.from(`\r\n0\r\n${trailer}\r\n\r\n`),
  ])
}

describe.each(BACKENDS)('flexible checksums (%s)', (_name, start) => {
  let server: TestServer
  beforeAll(async () => {
    server = await start()
    await s3(server.url, 'PUT', '/sums')
  })
  afterAll(() => server.stop())

  it('PutObject with each ChecksumAlgorithm: HeadObject and GetObject with ChecksumMode ENABLED return it', async () => {
    const client = awsClient(server)
    for (const algorithm of ALGORITHMS) {
      const key = `alg-${algorithm}`
      const expected = await checksumOf(algorithm, BODY)
      const put = await client.send(
        new PutObjectCommand({
          Bucket: 'sums',
          Key: key,
          Body: BODY,
          ChecksumAlgorithm: algorithm as ChecksumAlgorithm,
        }),
      )
      expect(put[FIELD[algorithm]]).toBe(expected)
      const head = await client.send(
        new HeadObjectCommand({ Bucket: 'sums', Key: key, ChecksumMode: 'ENABLED' }),
      )
      expect([algorithm, head[FIELD[algorithm]]]).toEqual([algorithm, expected])
      const got = await client.send(
        new GetObjectCommand({ Bucket: 'sums', Key: key, ChecksumMode: 'ENABLED' }),
      )
      expect([algorithm, got[FIELD[algorithm]]]).toEqual([algorithm, expected])
      expect(Buffer.from(await got.Body!.transformToByteArray()).equals(BODY)).toBe(true)
      // Without ChecksumMode the checksum is not sent, as on S3.
      const plain = await s3(server.url, 'HEAD', `/sums/${key}`)
      expect(plain.headers[`x-amz-checksum-${algorithm.toLowerCase()}`]).toBeUndefined()
    }
  })

  it('a raw signed PUT with a wrong x-amz-checksum-<algorithm> is 400 BadDigest and stores nothing', async () => {
    for (const algorithm of ALGORITHMS) {
      const key = `wrong-${algorithm}`
      const wrong = await checksumOf(algorithm, Buffer.from('other bytes'))
      const put = await s3(server.url, 'PUT', `/sums/${key}`, {
        body: BODY,
        headers: { [`x-amz-checksum-${algorithm.toLowerCase()}`]: wrong },
      })
      expect([algorithm, put.status, put.text]).toEqual([
        algorithm,
        400,
        expect.stringContaining('BadDigest'),
      ])
      expect((await s3(server.url, 'HEAD', `/sums/${key}`)).status).toBe(404)
    }
  })

  it('a malformed value, two checksum headers, or an algorithm without its checksum are InvalidRequest', async () => {
    const crc32 = await checksumOf('CRC32', BODY)
    const sha1 = await checksumOf('SHA1', BODY)
    for (const headers of <Array<Record<string, string>>>[
      { 'x-amz-checksum-crc32': 'not base64!' },
      { 'x-amz-checksum-crc64nvme': crc32 },
      { 'x-amz-checksum-crc32': crc32, 'x-amz-checksum-sha1': sha1 },
      { 'x-amz-sdk-checksum-algorithm': 'CRC32' },
      { 'x-amz-sdk-checksum-algorithm': 'SHA1', 'x-amz-checksum-crc32': crc32 },
    ]) {
      const put = await s3(server.url, 'PUT', '/sums/invalid', { body: BODY, headers })
      expect([headers, put.status, put.text]).toEqual([
        headers,
        400,
        expect.stringContaining('InvalidRequest'),
      ])
    }
    expect((await s3(server.url, 'HEAD', '/sums/invalid')).status).toBe(404)
  })

  it('an aws-chunked trailer checksum is verified for every algorithm: a wrong one is refused, a right one stored', async () => {
    for (const algorithm of ALGORITHMS) {
      const name = `x-amz-checksum-${algorithm.toLowerCase()}`
      for (const [key, value] of [
        [`trailer-bad-${algorithm}`, await checksumOf(algorithm, Buffer.from('other bytes'))],
        [`trailer-ok-${algorithm}`, await checksumOf(algorithm, BODY)],
      ] as const) {
        const body = chunkedWithTrailer(BODY, `${name}:${value}`)
        const put = await s3(server.url, 'PUT', `/sums/${key}`, {
          body,
          payloadHash: 'STREAMING-UNSIGNED-PAYLOAD-TRAILER',
          headers: {
            'content-encoding': 'aws-chunked',
            'x-amz-decoded-content-length': String(BODY.length),
            'x-amz-trailer': name,
          },
        })
        const head = await s3(server.url, 'HEAD', `/sums/${key}`, {
          headers: { 'x-amz-checksum-mode': 'ENABLED' },
        })
        if (key.startsWith('trailer-bad')) {
          expect([key, put.status, put.text]).toEqual([key, 400, expect.stringContaining('BadDigest')])
          expect(head.status).toBe(404)
        } else {
          expect([key, put.status]).toEqual([key, 200])
          expect([key, head.headers[name]]).toEqual([key, value])
        }
      }
    }
  })

  it('an unknown trailer checksum algorithm is refused, not stored unverified', async () => {
    const body = chunkedWithTrailer(BODY, 'x-amz-checksum-crc16:AAAA')
    const put = await s3(server.url, 'PUT', '/sums/unknown-trailer', {
      body,
      payloadHash: 'STREAMING-UNSIGNED-PAYLOAD-TRAILER',
      headers: {
        'x-amz-decoded-content-length': String(BODY.length),
        'x-amz-trailer': 'x-amz-checksum-crc16',
      },
    })
    expect(put.status).toBe(400)
    expect(put.text).toContain('InvalidRequest')
    expect((await s3(server.url, 'HEAD', '/sums/unknown-trailer')).status).toBe(404)
  })

  it('UploadPart verifies its checksum: a wrong one is BadDigest, the SDK default (CRC32) passes', async () => {
    const client = awsClient(server)
    const { UploadId } = await client.send(new CreateMultipartUploadCommand({ Bucket: 'sums', Key: 'mp' }))
    const wrong = await s3(server.url, 'PUT', `/sums/mp?partNumber=1&uploadId=${UploadId}`, {
      body: BODY,
      payloadHash: UNSIGNED_PAYLOAD,
      headers: { 'x-amz-checksum-crc64nvme': await checksumOf('CRC64NVME', Buffer.from('x')) },
    })
    expect([wrong.status, wrong.text]).toEqual([400, expect.stringContaining('BadDigest')])
    const part = await client.send(
      new UploadPartCommand({ Bucket: 'sums', Key: 'mp', UploadId, PartNumber: 1, Body: BODY }),
    )
    expect(part.ChecksumCRC32).toBe(await checksumOf('CRC32', BODY))
    const done = await failureOf(
      client.send(
        new CompleteMultipartUploadCommand({
          Bucket: 'sums',
          Key: 'mp',
          UploadId,
          MultipartUpload: { Parts: [{ PartNumber: 1, ETag: part.ETag! }] },
        }),
      ),
    )
    expect(done.code).toBe('ok')
  })

  it("GetObjectAttributes answers the stored checksum, ETag, size, storage class and a multipart object's parts", async () => {
    const client = awsClient(server)
    const put = await client.send(
      new PutObjectCommand({ Bucket: 'sums', Key: 'attrs', Body: BODY, ChecksumAlgorithm: 'CRC64NVME' }),
    )
    const attrs = await client.send(
      new GetObjectAttributesCommand({
        Bucket: 'sums',
        Key: 'attrs',
        ObjectAttributes: ['ETag', 'Checksum', 'ObjectSize', 'StorageClass', 'ObjectParts'],
      }),
    )
    expect(attrs.ETag).toBe(put.ETag!.replaceAll('"', ''))
    expect(attrs.Checksum).toEqual({
      ChecksumCRC64NVME: await checksumOf('CRC64NVME', BODY),
      ChecksumType: 'FULL_OBJECT',
    })
    expect([attrs.ObjectSize, attrs.StorageClass, attrs.ObjectParts]).toEqual([
      BODY.length,
      'STANDARD',
      undefined,
    ])

    const { UploadId } = await client.send(
      new CreateMultipartUploadCommand({ Bucket: 'sums', Key: 'attrs-mp' }),
    )
    const big = Buffer.alloc(5 * 1024 * 1024, 7)
    const parts = []
    for (const [n, body] of [big, BODY].entries()) {
      const part = await client.send(
        new UploadPartCommand({ Bucket: 'sums', Key: 'attrs-mp', UploadId, PartNumber: n + 1, Body: body }),
      )
      parts.push({ PartNumber: n + 1, ETag: part.ETag! })
    }
    await client.send(
      new CompleteMultipartUploadCommand({
        Bucket: 'sums',
        Key: 'attrs-mp',
        UploadId,
        MultipartUpload: { Parts: parts },
      }),
    )
    const mp = await client.send(
      new GetObjectAttributesCommand({
        Bucket: 'sums',
        Key: 'attrs-mp',
        ObjectAttributes: ['ObjectParts', 'ObjectSize'],
        MaxParts: 1,
      }),
    )
    expect(mp.ObjectSize).toBe(big.length + BODY.length)
    expect(mp.ObjectParts?.TotalPartsCount).toBe(2)
    expect(mp.ObjectParts?.IsTruncated).toBe(true)
    expect(mp.ObjectParts?.Parts?.map((p) => [p.PartNumber, p.Size])).toEqual([[1, big.length]])

    const none = await s3(server.url, 'GET', '/sums/attrs?attributes', {
      headers: { 'x-amz-object-attributes': 'Colour' },
    })
    expect([none.status, none.text]).toEqual([400, expect.stringContaining('InvalidArgument')])
  })
})
