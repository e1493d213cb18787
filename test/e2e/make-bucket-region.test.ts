/**
 * `makeBucket(bucket, region)` and `silo mb --region R`, as MinIO behaves:
 *
 * - A server with **no region configured** (the default) accepts any region: a bucket is created
 *   in the LocationConstraint it is given, GetBucketLocation names it, and requests signed for it
 *   (as every client signs once it knows the bucket's region) are accepted — through our SDK,
 *   minio-js, @aws-sdk/client-s3 and the CLI. The server itself reports us-east-1.
 * - A server with a **region configured** keeps its buckets in that region: another one is
 *   refused with an S3 error naming both regions (not a malformed-authorization error), and
 *   requests must be signed for that region.
 */

import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  CreateBucketCommand,
  DeleteObjectCommand,
  GetBucketLocationCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3'
import * as Minio from 'minio'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AdminClient, Client, S3Error } from '../../src/index.js'
import { createServer, type ServerOptions } from '../../src/server/index.js'
import { CLI_BUILT, runCli } from '../cli/helpers/cli.js'
import { codeOf, ROOT } from '../sdk/admin/admin-harness.js'

interface Running {
  url: string
  host: string
  port: number
  dir: string
  stop(): Promise<void>
}

/** A quiet server on a free port; `region` undefined means none configured (the default). */
async function startServer(region?: string, dir?: string): Promise<Running> {
  const folder = dir ?? (await mkdtemp(join(tmpdir(), 'silo-region-')))
  const options: ServerOptions = {
    dir: folder,
    address: '127.0.0.1:0',
    rootUser: ROOT.accessKey,
    rootPassword: ROOT.secretKey,
    quiet: true,
  }
  if (region !== undefined) options.region = region
  const server = createServer(options)
  const started = await server.start()
  return { ...started, dir: folder, stop: () => server.stop() }
}

let plain: Running
let east: Running
let west: Running
let configDir: string
let scratch: string

beforeAll(async () => {
  plain = await startServer()
  east = await startServer('us-east-1')
  west = await startServer('eu-west-1')
  configDir = await mkdtemp(join(tmpdir(), 'silo-region-conf-'))
  scratch = await mkdtemp(join(tmpdir(), 'silo-region-files-'))
  if (CLI_BUILT) {
    for (const [alias, server] of [
      ['plain', plain],
      ['east', east],
      ['west', west],
    ] as const) {
      const added = await cli(['config', 'host', 'add', alias, server.url, ROOT.accessKey, ROOT.secretKey])
      expect(added.code).toBe(0)
    }
  }
})
afterAll(async () => {
  for (const server of [plain, east, west]) {
    await server?.stop()
    if (server) await rm(server.dir, { recursive: true, force: true })
  }
  await rm(configDir, { recursive: true, force: true })
  await rm(scratch, { recursive: true, force: true })
})

const cli = (args: string[]) => runCli(['--config-dir', configDir, ...args])

/** Our SDK, no region configured: it looks each bucket's region up (or remembers makeBucket's). */
const client = (server: Running) =>
  new Client({ endPoint: server.host, port: server.port, useSSL: false, ...ROOT })

/** minio-js as its users create it: no region, so it looks the bucket's region up too. */
const minio = (server: Running) =>
  new Minio.Client({ endPoint: server.host, port: server.port, useSSL: false, ...ROOT })

/** @aws-sdk/client-s3 configured for `region`: every request is signed for it. */
const aws = (server: Running, region: string) =>
  new S3Client({
    endpoint: server.url,
    region,
    forcePathStyle: true,
    credentials: { accessKeyId: ROOT.accessKey, secretAccessKey: ROOT.secretKey },
    maxAttempts: 1,
  })

/** GetBucketLocation through the AWS SDK ('' for us-east-1, as S3 answers). */
async function locationOf(server: Running, bucket: string, signedFor = 'us-east-1'): Promise<string> {
  const out = await aws(server, signedFor).send(new GetBucketLocationCommand({ Bucket: bucket }))
  return out.LocationConstraint ?? ''
}

async function readAll(stream: AsyncIterable<Uint8Array | string>): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of stream) chunks.push(Buffer.from(chunk))
  return Buffer.concat(chunks).toString('utf8')
}

async function namesIn(stream: AsyncIterable<{ name?: string }>): Promise<string[]> {
  const names: string[] = []
  for await (const item of stream) if (item.name !== undefined) names.push(item.name)
  return names.sort()
}

describe('a server with no region configured (the default)', () => {
  it('makeBucket(b, "eu-west-1") creates the bucket there; our SDK, minio-js and the AWS SDK use it', async () => {
    const sdk = client(plain)
    await sdk.makeBucket('far-photos', 'eu-west-1')
    expect(await locationOf(plain, 'far-photos')).toBe('eu-west-1')

    // Our SDK: the client that made it (region remembered) and a fresh one (region looked up).
    await sdk.putObject('far-photos', 'sdk.txt', 'from the sdk')
    const fresh = client(plain)
    expect(await readAll(await fresh.getObject('far-photos', 'sdk.txt'))).toBe('from the sdk')

    // minio-js, which looks the region up and signs for eu-west-1.
    const m = minio(plain)
    await m.putObject('far-photos', 'minio.txt', Buffer.from('from minio-js'))
    expect(await readAll(await m.getObject('far-photos', 'sdk.txt'))).toBe('from the sdk')

    // The AWS SDK configured for the bucket's region.
    const s3 = aws(plain, 'eu-west-1')
    await s3.send(new PutObjectCommand({ Bucket: 'far-photos', Key: 'aws.txt', Body: 'from aws' }))
    const got = await s3.send(new GetObjectCommand({ Bucket: 'far-photos', Key: 'minio.txt' }))
    expect(await got.Body!.transformToString()).toBe('from minio-js')
    const listed = await s3.send(new ListObjectsV2Command({ Bucket: 'far-photos' }))
    expect(listed.Contents?.map((o) => o.Key)).toEqual(['aws.txt', 'minio.txt', 'sdk.txt'])

    expect(await namesIn(fresh.listObjects('far-photos', '', true))).toEqual([
      'aws.txt',
      'minio.txt',
      'sdk.txt',
    ])
    expect(await namesIn(m.listObjects('far-photos', '', true))).toEqual(['aws.txt', 'minio.txt', 'sdk.txt'])

    await fresh.removeObject('far-photos', 'sdk.txt')
    await m.removeObject('far-photos', 'minio.txt')
    await s3.send(new DeleteObjectCommand({ Bucket: 'far-photos', Key: 'aws.txt' }))
    expect(await namesIn(sdk.listObjects('far-photos', '', true))).toEqual([])
    await sdk.removeBucket('far-photos')
    expect(await fresh.bucketExists('far-photos')).toBe(false)
  })

  it('minio-js makeBucket(b, "ap-south-1") works, and so does a callback makeBucket of ours', async () => {
    await minio(plain).makeBucket('far-minio', 'ap-south-1')
    expect(await locationOf(plain, 'far-minio')).toBe('ap-south-1')
    expect(await minio(plain).bucketExists('far-minio')).toBe(true)
    const err = await new Promise((resolve) =>
      client(plain).makeBucket('far-callback', 'eu-north-1', resolve),
    )
    expect(err).toBeNull()
    expect(await locationOf(plain, 'far-callback', 'eu-north-1')).toBe('eu-north-1')
  })

  it('the server reports us-east-1 and keeps no region in its configuration', async () => {
    await client(plain).makeBucket('near-default')
    expect(await locationOf(plain, 'near-default')).toBe('')
    const admin = new AdminClient({ endPoint: plain.host, port: plain.port, useSSL: false, ...ROOT })
    expect((await admin.serverInfo())[0]!.server.region).toBe('us-east-1')
    // '' (no region) rather than us-east-1: a config set of this document keeps it unconfigured.
    expect((await admin.getConfig()).region).toBe('')
  })

  it('a LocationConstraint that is no region name → 400 InvalidLocationConstraint, nothing created', async () => {
    const s3 = aws(plain, 'us-east-1')
    for (const garbage of ['Mars Base One', 'eu_west_1', '-eu-west-1', `a${'b'.repeat(63)}`]) {
      const create = new CreateBucketCommand({
        Bucket: 'far-garbage',
        CreateBucketConfiguration: { LocationConstraint: garbage as 'eu-west-1' },
      })
      expect(await codeOf(s3.send(create))).toBe('InvalidLocationConstraint')
    }
    expect(await client(plain).bucketExists('far-garbage')).toBe(false)
  })

  it('a bucket made there is reported in the region of a server started later with one configured', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'silo-region-later-'))
    try {
      const before = await startServer(undefined, dir)
      await client(before).makeBucket('moved', 'eu-west-1')
      await before.stop()
      const after = await startServer('us-east-2', dir)
      try {
        // Requests must be signed for us-east-2 now, so that is where clients are sent.
        expect(await locationOf(after, 'moved', 'us-east-2')).toBe('us-east-2')
        await client(after).putObject('moved', 'a.txt', 'still here')
        expect(await readAll(await minio(after).getObject('moved', 'a.txt'))).toBe('still here')
      } finally {
        await after.stop()
      }
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })
})

describe('a server with a region configured', () => {
  it('in the server region works; GetBucketLocation names it', async () => {
    await client(west).makeBucket('west-photos', 'eu-west-1')
    expect(await client(west).bucketExists('west-photos')).toBe(true)
    expect(await locationOf(west, 'west-photos', 'eu-west-1')).toBe('eu-west-1')
    await client(east).makeBucket('east-photos', 'us-east-1')
    expect(await client(east).bucketExists('east-photos')).toBe(true)
  })

  it('without a region creates the bucket in the server region, whatever it is', async () => {
    await client(west).makeBucket('west-default')
    expect(await locationOf(west, 'west-default', 'eu-west-1')).toBe('eu-west-1')
    // And the same client keeps working with the bucket.
    const c = client(west)
    await c.makeBucket('west-default-2')
    await c.putObject('west-default-2', 'a.txt', 'hello')
    expect((await c.statObject('west-default-2', 'a.txt')).size).toBe(5)
  })

  it('in another region is refused with IllegalLocationConstraintException naming both regions', async () => {
    const err = await client(east)
      .makeBucket('east-elsewhere', 'eu-west-1')
      .catch((e: unknown) => e)
    expect(err).toBeInstanceOf(S3Error)
    expect(err).toMatchObject({ code: 'IllegalLocationConstraintException', statusCode: 400 })
    expect((err as Error).message).toContain("'eu-west-1'")
    expect((err as Error).message).toContain("'us-east-1'")
    expect(await client(east).bucketExists('east-elsewhere')).toBe(false)
    // minio-js signs for the region it creates in and does not sign again: refused as by a MinIO
    // server with a region set, naming the server's region.
    const minioErr = await minio(east)
      .makeBucket('east-elsewhere', 'eu-west-1')
      .catch((e: unknown) => e)
    expect(minioErr).toMatchObject({ code: 'AuthorizationHeaderMalformed', region: 'us-east-1' })
    expect(await client(east).bucketExists('east-elsewhere')).toBe(false)
  })

  it('requests signed for another region are refused, naming the server region', async () => {
    const err = await aws(east, 'eu-west-1')
      .send(new ListObjectsV2Command({ Bucket: 'east-photos' }))
      .catch((e: unknown) => e as { Code?: string; Region?: string; name?: string })
    expect(err).toMatchObject({ name: 'AuthorizationHeaderMalformed', Region: 'us-east-1' })
    // But not the two asked before a client knows where to sign (minio-js signs them for
    // us-east-1), as MinIO: GetBucketLocation then tells it.
    expect(await locationOf(west, 'west-photos', 'us-east-1')).toBe('eu-west-1')
    expect(await locationOf(east, 'east-photos', 'ap-south-1')).toBe('')
  })
})

describe.skipIf(!CLI_BUILT)('silo mb --region R', () => {
  it('on a server with no region configured creates the bucket there; cp, cat, ls and rb work', async () => {
    const made = await cli(['mb', '--region', 'eu-west-1', 'plain/cli-far'])
    expect(made.stderr).toBe('')
    expect(made.stdout).toBe('Bucket created successfully `plain/cli-far`.\n')
    expect(await locationOf(plain, 'cli-far')).toBe('eu-west-1')
    const file = join(scratch, 'note.txt')
    await writeFile(file, 'hello from the cli\n')
    expect((await cli(['cp', file, 'plain/cli-far/note.txt'])).code).toBe(0)
    expect((await cli(['cat', 'plain/cli-far/note.txt'])).stdout).toBe('hello from the cli\n')
    expect((await cli(['ls', 'plain/cli-far'])).stdout).toContain('note.txt')
    const removed = await cli(['rb', '--force', 'plain/cli-far'])
    expect(removed.code).toBe(0)
    expect(await client(plain).bucketExists('cli-far')).toBe(false)
  })

  it('in the server region creates the bucket', async () => {
    const made = await cli(['mb', '--region', 'eu-west-1', 'west/cli-photos'])
    expect(made.stderr).toBe('')
    expect(made.stdout).toBe('Bucket created successfully `west/cli-photos`.\n')
    expect(await locationOf(west, 'cli-photos', 'eu-west-1')).toBe('eu-west-1')
    const bare = await cli(['mb', 'west/cli-plain'])
    expect(bare.code).toBe(0)
  })

  it('in another region exits 1 with a message naming both regions', async () => {
    const made = await cli(['mb', '--region', 'eu-west-1', 'east/cli-elsewhere'])
    expect(made.code).toBe(1)
    expect(made.stderr).toContain('cannot make bucket "east/cli-elsewhere"')
    expect(made.stderr).toContain("'eu-west-1'")
    expect(made.stderr).toContain("'us-east-1'")
    expect(made.stderr).toContain('IllegalLocationConstraintException')
    expect(made.stderr).not.toContain('AuthorizationHeaderMalformed')
  })
})
