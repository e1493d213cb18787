/**
 * Issue 17: four Silo servers with four drives each (one erasure set of 16) and a 3-member etcd,
 * on loopback, act as one: every request goes to a server picked at random, through the Silo
 * SDK, @aws-sdk/client-s3 and minio-js.
 */
import { randomBytes } from 'node:crypto'
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateBucketCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  UploadPartCommand,
} from '@aws-sdk/client-s3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AdminClient, type NotificationRecord } from '../../../src/index.js'
import { checkEtcd } from '../../server/helpers/etcd-cluster.js'
import { awsFace, minioFace, type S3Face, siloFace } from '../helpers/clients.js'
import { type ClusterMember, type RunningCluster, startCluster } from '../helpers/cluster.js'
import { awsRootClient, siloRootClient } from '../helpers/root-clients.js'
import { ROOT_PASSWORD, ROOT_USER } from '../helpers/server.js'

const etcd = checkEtcd()
let cluster: RunningCluster

beforeAll(async () => {
  if (etcd.up) cluster = await startCluster({ servers: 4, drivesPerServer: 4 })
}, 120_000)
afterAll(() => cluster?.stop(), 60_000)

/** A face whose every call goes to a server picked at random. */
function anyServer(make: (member: ClusterMember) => S3Face): S3Face {
  const faces = new Map(cluster.members.map((m) => [m, make(m)]))
  const pick = () => faces.get(cluster.any())!
  const face = make(cluster.members[0]!)
  return {
    name: face.name,
    makeBucket: (b) => pick().makeBucket(b),
    bucketExists: (b) => pick().bucketExists(b),
    listBuckets: () => pick().listBuckets(),
    removeBucket: (b) => pick().removeBucket(b),
    putObject: (b, k, body, meta, size) => pick().putObject(b, k, body, meta, size),
    getObject: (b, k) => pick().getObject(b, k),
    statObject: (b, k) => pick().statObject(b, k),
    removeObject: (b, k) => pick().removeObject(b, k),
    codeOf: face.codeOf,
  }
}

function admin(member: ClusterMember): AdminClient {
  return new AdminClient({
    endPoint: member.host,
    port: member.port,
    useSSL: false,
    accessKey: ROOT_USER,
    secretKey: ROOT_PASSWORD,
  })
}

describe.skipIf(!etcd.up).each([
  ['silo', siloFace],
  ['aws-sdk', awsFace],
  ['minio', minioFace],
] as const)('a 4-server cluster through %s, each request to any server', (name, make) => {
  it('buckets and objects: write on one server, read at once on every other', async () => {
    const s3 = anyServer(make)
    const bucket = `flow-${name}`
    await s3.makeBucket(bucket)
    expect(await s3.bucketExists(bucket)).toBe(true)
    for (let i = 0; i < 12; i++) {
      const body = randomBytes(i % 3 === 0 ? 3 * 1024 * 1024 + i : 1000 + i)
      const writer = cluster.members[i % 4]!
      await make(writer).putObject(bucket, `k${i}`, body)
      // Strong read-after-write: every server returns the new bytes at once.
      for (const reader of cluster.members) {
        expect(
          (await make(reader).getObject(bucket, `k${i}`)).equals(body),
          `k${i} from ${reader.port}`,
        ).toBe(true)
      }
    }
    expect((await s3.statObject(bucket, 'k3')).size).toBe(3 * 1024 * 1024 + 3)
    for (let i = 0; i < 12; i++) await s3.removeObject(bucket, `k${i}`)
    await s3.removeBucket(bucket)
    for (const member of cluster.members) expect(await make(member).bucketExists(bucket)).toBe(false)
  })
})

describe.skipIf(!etcd.up)('a multipart upload whose calls go to four different servers', () => {
  it('creates on one, uploads parts on two others, completes on the fourth', async () => {
    const [a, b, c, d] = cluster.members.map((m) => awsRootClient(m))
    await a!.send(new CreateBucketCommand({ Bucket: 'multipart' }))
    const { UploadId } = await a!.send(new CreateMultipartUploadCommand({ Bucket: 'multipart', Key: 'big' }))
    const part1 = randomBytes(5 * 1024 * 1024)
    const part2 = randomBytes(1234)
    const p1 = await b!.send(
      new UploadPartCommand({ Bucket: 'multipart', Key: 'big', UploadId, PartNumber: 1, Body: part1 }),
    )
    const p2 = await c!.send(
      new UploadPartCommand({ Bucket: 'multipart', Key: 'big', UploadId, PartNumber: 2, Body: part2 }),
    )
    await d!.send(
      new CompleteMultipartUploadCommand({
        Bucket: 'multipart',
        Key: 'big',
        UploadId,
        MultipartUpload: {
          Parts: [
            { PartNumber: 1, ETag: p1.ETag },
            { PartNumber: 2, ETag: p2.ETag },
          ],
        },
      }),
    )
    const out = await a!.send(new GetObjectCommand({ Bucket: 'multipart', Key: 'big' }))
    const bytes = Buffer.from(await out.Body!.transformToByteArray())
    expect(bytes.equals(Buffer.concat([part1, part2]))).toBe(true)
  })
})

describe.skipIf(!etcd.up)('concurrent writes of one key from different servers', () => {
  it('the object is always one whole body, the same from every server', async () => {
    const clients = cluster.members.map((m) => awsRootClient(m))
    await clients[0]!.send(new CreateBucketCommand({ Bucket: 'race' }))
    for (let round = 0; round < 5; round++) {
      const bodies = clients.map((_, i) => Buffer.alloc(200_000 + i, 65 + i + round))
      await Promise.all(
        clients.map((s3, i) => s3.send(new PutObjectCommand({ Bucket: 'race', Key: 'k', Body: bodies[i] }))),
      )
      const seen = await Promise.all(
        clients.map(async (s3) => {
          const out = await s3.send(new GetObjectCommand({ Bucket: 'race', Key: 'k' }))
          return Buffer.from(await out.Body!.transformToByteArray())
        }),
      )
      const winner = bodies.find((b) => b.equals(seen[0]!))
      expect(winner, `round ${round}: the object is none of the bodies written`).toBeDefined()
      for (const other of seen) expect(other.equals(seen[0]!)).toBe(true)
    }
    const listed = await clients[1]!.send(new ListObjectsV2Command({ Bucket: 'race' }))
    expect(listed.Contents?.map((o) => o.Key)).toEqual(['k'])
  })
})

describe.skipIf(!etcd.up)('racing requests on different servers give S3 answers', () => {
  /** The S3 error name a call rejected with, or 'ok'. */
  const outcome = (call: Promise<unknown>) =>
    call.then(
      () => 'ok',
      (error: { name?: string }) => error.name ?? String(error),
    )

  it('Complete on one server against Abort on another: one wins, the other is NoSuchUpload', async () => {
    const [a, b, c] = cluster.members.map((m) => awsRootClient(m))
    await a!.send(new CreateBucketCommand({ Bucket: 'complete-abort' }))
    for (let round = 0; round < 6; round++) {
      const Key = `k${round}`
      const { UploadId } = await a!.send(new CreateMultipartUploadCommand({ Bucket: 'complete-abort', Key }))
      const part = await a!.send(
        new UploadPartCommand({
          Bucket: 'complete-abort',
          Key,
          UploadId,
          PartNumber: 1,
          Body: Buffer.from(`r${round}`),
        }),
      )
      const [completed, aborted] = await Promise.all([
        outcome(
          b!.send(
            new CompleteMultipartUploadCommand({
              Bucket: 'complete-abort',
              Key,
              UploadId,
              MultipartUpload: { Parts: [{ PartNumber: 1, ETag: part.ETag }] },
            }),
          ),
        ),
        outcome(c!.send(new AbortMultipartUploadCommand({ Bucket: 'complete-abort', Key, UploadId }))),
      ])
      const exists = await outcome(a!.send(new HeadObjectCommand({ Bucket: 'complete-abort', Key })))
      if (completed === 'ok') {
        // The upload is gone once completed: the Abort taking its turn after finds none.
        expect(aborted).toBe('NoSuchUpload')
        expect(exists).toBe('ok')
      } else {
        expect([completed, aborted]).toEqual(['NoSuchUpload', 'ok'])
        expect(exists).toBe('NotFound')
      }
    }
  })

  it('DELETE on one server against PUT on another: every server then agrees on the winner', async () => {
    const [a, b, c, d] = cluster.members.map((m) => awsRootClient(m))
    await a!.send(new CreateBucketCommand({ Bucket: 'delete-put' }))
    for (let round = 0; round < 8; round++) {
      const Key = `k${round % 2}`
      const body = Buffer.from(`round ${round}`)
      await Promise.all([
        b!.send(new DeleteObjectCommand({ Bucket: 'delete-put', Key })),
        c!.send(new PutObjectCommand({ Bucket: 'delete-put', Key, Body: body })),
      ])
      const seen = await Promise.all(
        [a!, b!, c!, d!].map((s3) =>
          s3.send(new GetObjectCommand({ Bucket: 'delete-put', Key })).then(
            async (out) => Buffer.from(await out.Body!.transformToByteArray()).toString(),
            (error: { name?: string }) => error.name,
          ),
        ),
      )
      expect(['NoSuchKey', body.toString()]).toContain(seen[0])
      expect(new Set(seen).size, `round ${round}: ${seen.join(' / ')}`).toBe(1)
    }
  })
})

describe.skipIf(!etcd.up)('admin across the cluster', () => {
  it('info returns one record per server, each with its own address', async () => {
    const records = await admin(cluster.any()).serverInfo()
    expect(records.map((r) => r.address).sort()).toEqual(
      cluster.members.map((m) => `127.0.0.1:${m.port}`).sort(),
    )
    for (const record of records) {
      expect(record.service).toBe('on')
      expect(record.storage.backend.onlineDisks).toBe(16)
    }
    // Each server reports its own drives' use: an 8 MiB object is 16 MiB of shards (EC 8+8)
    // over 16 drives, 4 MiB on each server (the whole set's use would grow by 16 MiB).
    const usedBy = async () =>
      new Map((await admin(cluster.any()).serverInfo()).map((r) => [r.address, r.storage.used]))
    const writer = siloRootClient(cluster.members[0]!)
    await writer.makeBucket('info-usage')
    const before = await usedBy()
    await writer.putObject('info-usage', 'eight-mib', Buffer.alloc(8 * 1024 * 1024, 1))
    const after = await usedBy()
    for (const [address, used] of after) {
      const grown = used - before.get(address)!
      expect(grown, address).toBeGreaterThan(3 * 1024 * 1024)
      expect(grown, address).toBeLessThan(6 * 1024 * 1024)
    }
  })

  it('a user added through one server can sign requests to every other at once', async () => {
    await admin(cluster.members[0]!).addUser('cluster-user', 'cluster-user-secret', 'readwrite')
    for (const member of cluster.members.slice(1)) {
      const s3 = awsRootClient(member, { accessKey: 'cluster-user', secretKey: 'cluster-user-secret' })
      await expect
        .poll(
          async () => {
            try {
              await s3.send(
                new PutObjectCommand({ Bucket: 'race', Key: `by-user-${member.port}`, Body: 'x' }),
              )
              return 'ok'
            } catch (error) {
              return (error as { name?: string }).name
            }
          },
          { timeout: 5000 },
        )
        .toBe('ok')
    }
  })
})

describe.skipIf(!etcd.up)('the internal API refuses callers without the deployment key', () => {
  it.each([
    ['POST', '/silo/peer/v1/service', JSON.stringify({ action: 'stop' }), {}],
    ['POST', '/silo/peer/v1/lock', JSON.stringify({ op: 'held', slot: 0, owner: 'x' }), {}],
    ['GET', '/silo/peer/v1/info', undefined, { 'x-silo-internal-auth': `${Date.now()}.${'0'.repeat(64)}` }],
    ['GET', '/silo/peer/v1/listen?bucket=flow', undefined, {}],
    ['POST', '/silo/storage/v1/listBuckets', '[]', {}],
  ])('%s %s → 403, and the server goes on', async (method, path, body, headers) => {
    const target = cluster.members[0]!
    const res = await fetch(`${target.url}${path}`, { method, body, headers })
    expect(res.status).toBe(403)
    await res.arrayBuffer()
    expect(await siloRootClient(target).bucketExists('no-such-bucket-here')).toBe(false)
  })
})

describe.skipIf(!etcd.up)('bucket events across the cluster', () => {
  it("a listen client on one server hears every server's events", async () => {
    const [a, b, c, d] = cluster.members
    await siloRootClient(a!).makeBucket('listened')
    const listener = siloRootClient(a!).listenBucketNotification('listened', '', '', ['s3:ObjectCreated:*'])
    const got: NotificationRecord[] = []
    listener.on('notification', (record: NotificationRecord) => got.push(record))
    try {
      // The peers' streams open once the client's does: keep writing until each server's shows.
      const writers = [a!, b!, c!, d!]
      await expect
        .poll(
          async () => {
            for (const [i, w] of writers.entries()) {
              await siloRootClient(w).putObject('listened', `from-${i}`, Buffer.from(String(i)))
            }
            return new Set(got.map((r) => r.s3.object.key)).size
          },
          { timeout: 15_000, interval: 300 },
        )
        .toBe(4)
    } finally {
      listener.stop()
    }
  })

  it('a configuration set through one server takes effect on every server at a restart asked of another', async () => {
    const [a, b] = cluster.members
    const config = await admin(a!).getConfig()
    await admin(a!).setConfig({ ...config, region: 'eu-north-1' })
    const result = await admin(b!).serviceRestart()
    expect(result.errors).toEqual([])
    const records = await admin(cluster.any()).serverInfo()
    expect(records.map((r) => r.server.region)).toEqual([
      'eu-north-1',
      'eu-north-1',
      'eu-north-1',
      'eu-north-1',
    ])
    await admin(a!).setConfig(config)
    await admin(a!).serviceRestart()
  })
})
