/**
 * Multipart uploads end to end: the Silo SDK against the in-process Silo server, cross-checked with
 * @aws-sdk/client-s3 (objects written by one are read by the other), and an interrupted upload
 * resumed through a counting proxy, so the server side proves that only missing parts were sent.
 */
import { createHash, randomBytes } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { Readable } from 'node:stream'
import {
  GetObjectCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListPartsCommand,
  type S3Client,
} from '@aws-sdk/client-s3'
import { Upload } from '@aws-sdk/lib-storage'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Client } from '../../src/index.js'
import { awsRootClient } from './helpers/root-clients.js'
import { ROOT_PASSWORD, ROOT_USER, type RunningServer, startServer } from './helpers/server.js'

const MiB = 1024 * 1024
let server: RunningServer
let silo: Client
let aws: S3Client
const bucket = 'multipart-e2e'

const siloAt = (port: number) =>
  new Client({ endPoint: '127.0.0.1', port, useSSL: false, accessKey: ROOT_USER, secretKey: ROOT_PASSWORD })
const md5 = (b: Uint8Array) => createHash('md5').update(b).digest('hex')
async function collect(stream: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const c of stream) chunks.push(Buffer.from(c))
  return Buffer.concat(chunks)
}
/** The bytes as a stream of 256 KiB chunks, size unknown to the uploader. */
const streamOf = (bytes: Buffer) =>
  Readable.from(
    (function* () {
      for (let i = 0; i < bytes.length; i += 256 * 1024) yield bytes.subarray(i, i + 256 * 1024)
    })(),
  )

beforeAll(async () => {
  server = await startServer()
  silo = siloAt(server.port)
  aws = awsRootClient(server)
  await silo.makeBucket(bucket)
})
afterAll(async () => {
  aws?.destroy()
  await server?.stop()
})

describe('multipart uploads through the real server', () => {
  it('uploads an unknown-length stream in parts; @aws-sdk/client-s3 reads it back byte for byte', async () => {
    const data = randomBytes(23 * MiB)
    const info = await silo.putObject(
      bucket,
      'stream.bin',
      streamOf(data),
      undefined,
      {
        'Content-Type': 'video/mp4',
        'X-Amz-Meta-Camera': 'x100',
        owner: 'ana',
      },
      { partSize: 5 * MiB },
    )
    expect(info.etag).toMatch(/-5$/)
    const head = await aws.send(new HeadObjectCommand({ Bucket: bucket, Key: 'stream.bin' }))
    expect(head.ContentLength).toBe(data.length)
    expect(head.ContentType).toBe('video/mp4')
    expect(head.Metadata).toEqual({ camera: 'x100', owner: 'ana' })
    const got = await aws.send(new GetObjectCommand({ Bucket: bucket, Key: 'stream.bin' }))
    expect(md5(await collect(got.Body as Readable))).toBe(md5(data))
  })

  it('reads back with the Silo SDK what @aws-sdk/lib-storage uploaded in parts, in full and by range', async () => {
    const data = randomBytes(11 * MiB)
    await new Upload({
      client: aws,
      params: { Bucket: bucket, Key: 'from-aws.bin', Body: data },
      partSize: 5 * MiB,
    }).done()
    const stat = await silo.statObject(bucket, 'from-aws.bin')
    expect(stat.size).toBe(data.length)
    expect(md5(await collect(await silo.getObject(bucket, 'from-aws.bin')))).toBe(md5(data))
    const range = await collect(await silo.getPartialObject(bucket, 'from-aws.bin', 5 * MiB - 3, 10))
    expect(range).toEqual(data.subarray(5 * MiB - 3, 5 * MiB + 7))
  })

  it('resumes an interrupted upload, sending only the missing parts (counted at a proxy)', async () => {
    const proxy = await countingProxy(server.port)
    try {
      const client = siloAt(proxy.port)
      const data = randomBytes(30 * MiB)
      const controller = new AbortController()
      const first = client.putObject(
        bucket,
        'resume.bin',
        streamOf(data),
        undefined,
        {},
        {
          partSize: 5 * MiB,
          concurrency: 1,
          keepParts: true,
          signal: controller.signal,
          // Progress counts bytes as they are sent; with one part at a time, a byte of part 4
          // going out means parts 1-3 are confirmed.
          onProgress: ({ loaded }) => {
            if (loaded > 15 * MiB) controller.abort()
          },
        },
      )
      await expect(first).rejects.toMatchObject({ name: 'AbortError' })
      const uploads = await aws.send(
        new ListMultipartUploadsCommand({ Bucket: bucket, Prefix: 'resume.bin' }),
      )
      expect(uploads.Uploads).toHaveLength(1)
      const uploadId = uploads.Uploads![0]!.UploadId!
      const before = await aws.send(
        new ListPartsCommand({ Bucket: bucket, Key: 'resume.bin', UploadId: uploadId }),
      )
      const held = (before.Parts ?? []).map((p) => p.PartNumber)
      expect(held).toEqual([1, 2, 3])

      proxy.partNumbers.length = 0
      const info = await client.putObject(
        bucket,
        'resume.bin',
        streamOf(data),
        undefined,
        {},
        { partSize: 5 * MiB },
      )
      expect(proxy.partNumbers.sort((a, b) => a - b)).toEqual([4, 5, 6])
      expect(info.etag).toMatch(/-6$/)
      const got = await collect(await silo.getObject(bucket, 'resume.bin'))
      expect(md5(got)).toBe(md5(data))
      const after = await aws.send(new ListMultipartUploadsCommand({ Bucket: bucket, Prefix: 'resume.bin' }))
      expect(after.Uploads ?? []).toHaveLength(0)
    } finally {
      await proxy.close()
    }
  })

  it('lists incomplete uploads with their sizes, and removeIncompleteUpload aborts them all', async () => {
    for (let i = 0; i < 2; i++) {
      const controller = new AbortController()
      await silo
        .putObject(
          bucket,
          'pending/v.bin',
          streamOf(randomBytes(12 * MiB)),
          undefined,
          {},
          {
            partSize: 5 * MiB,
            concurrency: 1,
            keepParts: true,
            resume: false,
            signal: controller.signal,
            // Part 2 starts only once part 1 is confirmed; cut it short while it is being sent.
            onProgress: ({ loaded }) => {
              if (loaded > 5 * MiB) controller.abort()
            },
          },
        )
        .catch(() => {})
    }
    const listed = []
    for await (const u of silo.listIncompleteUploads(bucket, 'pending/', true)) listed.push(u)
    expect(listed.map((u) => [u.key, u.size])).toEqual([
      ['pending/v.bin', 5 * MiB],
      ['pending/v.bin', 5 * MiB],
    ])
    const dirs = []
    for await (const u of silo.listIncompleteUploads(bucket, '', false)) dirs.push(u)
    expect(dirs).toContainEqual({ prefix: 'pending/', size: 0 })
    await silo.removeIncompleteUpload(bucket, 'pending/v.bin')
    const left = await aws.send(new ListMultipartUploadsCommand({ Bucket: bucket, Prefix: 'pending/' }))
    expect(left.Uploads ?? []).toHaveLength(0)
  })

  it('aborts the upload on the server when the signal fires (default keepParts)', async () => {
    const controller = new AbortController()
    const put = silo.putObject(
      bucket,
      'cancel.bin',
      streamOf(randomBytes(20 * MiB)),
      undefined,
      {},
      {
        partSize: 5 * MiB,
        concurrency: 1,
        signal: controller.signal,
        onProgress: () => controller.abort(),
      },
    )
    await expect(put).rejects.toMatchObject({ name: 'AbortError' })
    const left = await aws.send(new ListMultipartUploadsCommand({ Bucket: bucket, Prefix: 'cancel.bin' }))
    expect(left.Uploads ?? []).toHaveLength(0)
  })
})

/** An HTTP proxy in front of the server that records the part number of every UploadPart. */
async function countingProxy(target: number) {
  const partNumbers: number[] = []
  const proxy = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x')
    if (req.method === 'PUT' && url.searchParams.has('partNumber')) {
      partNumbers.push(Number(url.searchParams.get('partNumber')))
    }
    // The Host header is passed on unchanged, so the client's signature still verifies.
    const upstream = http.request(
      { host: '127.0.0.1', port: target, method: req.method, path: req.url, headers: req.headers },
      (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers)
        up.pipe(res)
      },
    )
    upstream.on('error', () => res.destroy())
    req.pipe(upstream)
  })
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve))
  return {
    port: (proxy.address() as AddressInfo).port,
    partNumbers,
    close: () =>
      new Promise<void>((resolve) => {
        proxy.closeAllConnections()
        proxy.close(() => resolve())
      }),
  }
}
