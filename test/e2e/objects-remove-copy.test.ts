/**
 * removeObjects, copyObject, fPutObject / fGetObject end to end against the real server, with
 * @aws-sdk/client-s3 as the independent witness.
 */
import { createHash, randomBytes } from 'node:crypto'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  HeadObjectCommand,
  ListObjectsV2Command,
  PutBucketPolicyCommand,
  type S3Client,
} from '@aws-sdk/client-s3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Client, CopyConditions } from '../../src/index.js'
import { awsRootClient, siloRootClient } from './helpers/root-clients.js'
import { type RunningServer, startServer } from './helpers/server.js'

const MiB = 1024 * 1024
let server: RunningServer
let silo: Client
let aws: S3Client
let dir: string
const bucket = 'remove-copy-e2e'
const md5 = (b: Uint8Array) => createHash('md5').update(b).digest('hex')

async function keysUnder(prefix: string): Promise<string[]> {
  const keys: string[] = []
  for await (const item of silo.listObjectsV2(bucket, prefix, true)) keys.push(item.name!)
  return keys
}

beforeAll(async () => {
  server = await startServer()
  dir = await mkdtemp(join(tmpdir(), 'silo-e2e-files-'))
  silo = siloRootClient(server)
  aws = awsRootClient(server)
  await silo.makeBucket(bucket)
})
afterAll(async () => {
  aws?.destroy()
  await server?.stop()
  await rm(dir, { recursive: true, force: true })
})

describe('removeObjects', () => {
  it('removes 2,500 keys in three DeleteObjects batches and reports no failure', async () => {
    const names = Array.from({ length: 2500 }, (_, i) => `bulk/${i}`)
    const queue = [...names]
    await Promise.all(
      Array.from({ length: 16 }, async () => {
        for (let k = queue.pop(); k !== undefined; k = queue.pop()) await silo.putObject(bucket, k, 'x')
      }),
    )
    expect(await keysUnder('bulk/')).toHaveLength(2500)
    expect(await silo.removeObjects(bucket, names)).toEqual([])
    const left = await aws.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: 'bulk/' }))
    expect(left.KeyCount).toBe(0)
  }, 60_000)

  it('removes keys holding a CR exactly: not their LF twins (XML reads a literal CR as LF)', async () => {
    const names = ['cr/a\rb', 'cr/a\nb', 'cr/a\r\nb', 'cr/a\tb', 'cr/a\r']
    for (const name of names) await silo.putObject(bucket, name, 'x')
    expect(await silo.removeObjects(bucket, ['cr/a\rb', 'cr/a\r\nb', 'cr/a\r'])).toEqual([])
    expect((await keysUnder('cr/')).sort()).toEqual(['cr/a\tb', 'cr/a\nb'].sort())
  })

  it('a caller without delete permission gets AccessDenied, not a silent success, and nothing is removed', async () => {
    await silo.putObject(bucket, 'guarded/a', 'a')
    const readOnly = {
      Version: '2012-10-17',
      Statement: [
        {
          Effect: 'Allow',
          Principal: { AWS: ['*'] },
          Action: ['s3:GetObject'],
          Resource: [`arn:aws:s3:::${bucket}/*`],
        },
      ],
    }
    await aws.send(new PutBucketPolicyCommand({ Bucket: bucket, Policy: JSON.stringify(readOnly) }))
    const anonymous = new Client({ endPoint: server.host, port: server.port, useSSL: false })
    await expect(anonymous.removeObjects(bucket, ['guarded/a'])).rejects.toMatchObject({
      name: 'S3Error',
      code: 'AccessDenied',
    })
    const err = await new Promise((resolve) =>
      anonymous.removeObjects(bucket, ['guarded/a'], (e) => resolve(e)),
    )
    expect(err).toMatchObject({ code: 'AccessDenied' })
    expect(await keysUnder('guarded/')).toEqual(['guarded/a'])
  })
})

describe('copyObject', () => {
  it('copies on the server; the copy has the source bytes and etag; conditions are enforced', async () => {
    const data = randomBytes(64 * 1024)
    const { etag } = await silo.putObject(bucket, 'orig/ü b.bin', data, {
      'Content-Type': 'application/x-test',
    })
    const copied = await silo.copyObject(bucket, 'copies/ü b.bin', `/${bucket}/orig/ü b.bin`)
    expect(copied.etag).toBe(etag)
    expect(copied.lastModified).toBeInstanceOf(Date)
    const head = await aws.send(new HeadObjectCommand({ Bucket: bucket, Key: 'copies/ü b.bin' }))
    expect(head.ContentLength).toBe(data.length)
    expect(head.ContentType).toBe('application/x-test')

    const match = new CopyConditions()
    match.setMatchETag(etag)
    await expect(
      silo.copyObject(bucket, 'copies/2', `/${bucket}/orig/ü b.bin`, match),
    ).resolves.toMatchObject({ etag })
    const mismatch = new CopyConditions()
    mismatch.setMatchETag('0'.repeat(32))
    await expect(
      silo.copyObject(bucket, 'copies/3', `/${bucket}/orig/ü b.bin`, mismatch),
    ).rejects.toMatchObject({
      code: 'PreconditionFailed',
    })
    const except = new CopyConditions()
    except.setMatchETagExcept(etag)
    await expect(
      silo.copyObject(bucket, 'copies/4', `/${bucket}/orig/ü b.bin`, except),
    ).rejects.toMatchObject({
      code: 'PreconditionFailed',
    })
  })
})

describe('fPutObject and fGetObject', () => {
  it('uploads a 12 MiB file in parts with the type from its extension, downloads it back and resumes a partial download', async () => {
    const data = randomBytes(12 * MiB)
    const source = join(dir, 'clip.mp4')
    await writeFile(source, data)
    const progress: number[] = []
    const info = await silo.fPutObject(
      bucket,
      'files/clip.mp4',
      source,
      {},
      {
        partSize: 5 * MiB,
        onProgress: (p) => progress.push(p.loaded),
      },
    )
    expect(info.etag).toMatch(/-3$/)
    expect(progress.at(-1)).toBe(12 * MiB)
    const head = await aws.send(new HeadObjectCommand({ Bucket: bucket, Key: 'files/clip.mp4' }))
    expect(head.ContentType).toBe('video/mp4')

    const target = join(dir, 'down', 'clip.mp4')
    await silo.fGetObject(bucket, 'files/clip.mp4', target)
    expect(md5(await readFile(target))).toBe(md5(data))

    // A part file left by an interrupted download of this version is continued, not restarted.
    const resumed = join(dir, 'down', 'again.mp4')
    await writeFile(`${resumed}.${info.etag}.part.silo`, data.subarray(0, 7 * MiB))
    const seen: number[] = []
    await silo.fGetObject(bucket, 'files/clip.mp4', resumed, { onProgress: (p) => seen.push(p.loaded) })
    expect(seen[0]).toBeGreaterThan(7 * MiB)
    expect(md5(await readFile(resumed))).toBe(md5(data))
  })
})
