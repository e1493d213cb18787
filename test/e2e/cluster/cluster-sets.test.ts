/**
 * A distributed deployment of two erasure sets: four servers with eight drives each (32 drives,
 * two sets of 16 spread over every server) act as one: each object in its key's set, buckets in
 * both, listings merged, whichever server answers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AdminClient } from '../../../src/index.js'
import { checkEtcd } from '../../server/helpers/etcd-cluster.js'
import { type RunningCluster, startCluster } from '../helpers/cluster.js'
import { readObject } from '../helpers/erasure.js'
import { siloRootClient } from '../helpers/root-clients.js'
import { ROOT_PASSWORD, ROOT_USER } from '../helpers/server.js'

const etcd = checkEtcd()
let cluster: RunningCluster

beforeAll(async () => {
  if (etcd.up) cluster = await startCluster({ servers: 4, drivesPerServer: 8 })
}, 120_000)
afterAll(() => cluster?.stop(), 60_000)

async function collect<T>(stream: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = []
  for await (const item of stream) out.push(item)
  return out
}

describe.skipIf(!etcd.up)('a 4-server cluster of two erasure sets', () => {
  it('reports two sets of 16 drives, each spread over every server', async () => {
    const member = cluster.any()
    const admin = new AdminClient({
      endPoint: member.host,
      port: member.port,
      useSSL: false,
      accessKey: ROOT_USER,
      secretKey: ROOT_PASSWORD,
    })
    const [info] = await admin.serverInfo()
    const sets = info!.storage.backend.sets!
    expect(sets.map((set) => set.length)).toEqual([16, 16])
    for (const set of sets) {
      const servers = new Set(set.map((drive) => new URL(drive.endpoint).port))
      expect(servers.size).toBe(4)
    }
  })

  it('writes through one server, lists and reads through the others, refuses a non-empty DeleteBucket', async () => {
    const client = (i: number) => siloRootClient(cluster.members[i % cluster.members.length]!)
    await client(0).makeBucket('spread')
    const keys = Array.from({ length: 60 }, (_, i) => `p${i % 4}/key-${i}`)
    await Promise.all(keys.map((key, i) => client(i).putObject('spread', key, `body ${key}`)))
    const byteOrder = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b))
    for (let i = 0; i < cluster.members.length; i++) {
      const listed = await collect(client(i).listObjectsV2('spread', '', true))
      expect(listed.map((item) => item.name)).toEqual([...keys].sort(byteOrder))
      const prefixes = await collect(client(i).listObjectsV2('spread', '', false))
      expect(prefixes.map((item) => item.prefix)).toEqual(['p0/', 'p1/', 'p2/', 'p3/'])
    }
    for (const [i, key] of keys.entries()) {
      if (i % 7 === 0) expect((await readObject(client(i + 1), 'spread', key)).toString()).toBe(`body ${key}`)
    }
    await Promise.all(keys.slice(1).map((key, i) => client(i).removeObject('spread', key)))
    await expect(client(2).removeBucket('spread')).rejects.toMatchObject({ code: 'BucketNotEmpty' })
    await client(3).removeObject('spread', keys[0]!)
    await client(1).removeBucket('spread')
    for (let i = 0; i < cluster.members.length; i++)
      expect(await client(i).bucketExists('spread')).toBe(false)
  })
})
