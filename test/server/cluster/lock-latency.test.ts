// What one acquire + release costs: a lock whose slot this server owns (no network), one whose
// owner is another server (in-process transport: the protocol's cost without HTTP), and an etcd
// lock (etcd3's lock(): lease grant, create-if-absent transaction, lease revoke) on the same
// 3-member cluster (tmpfs) and on a cluster whose members fsync to disk. Printed for
// docs/distributed.md (Coordination); the test asserts only that the in-memory locks beat etcd's.
import { Etcd3 } from 'etcd3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { percentileOf } from '../../../bench/lib/stats.mjs'
import type { Coordinator } from '../../../src/server/cluster/coordinator.js'
import { DistributedLocks } from '../../../src/server/cluster/distributed-locks.js'
import { InProcessLockTransport } from '../../../src/server/cluster/in-process-lock-transport.js'
import { checkEtcd, type EtcdCluster, startEtcdCluster } from '../helpers/etcd-cluster.js'
import { connectMember, newDeploymentId, recordingLogger } from './helpers.js'

const etcd = checkEtcd()
const ROUNDS = 500

/** p50 / p99 in ms of `ROUNDS` sequential runs of `round`, after 20 unmeasured ones. */
async function measure(round: () => Promise<void>): Promise<{ p50: number; p99: number }> {
  for (let i = 0; i < 20; i++) await round()
  const times: number[] = []
  for (let i = 0; i < ROUNDS; i++) {
    const start = performance.now()
    await round()
    times.push(performance.now() - start)
  }
  return { p50: percentileOf(times, 0.5), p99: percentileOf(times, 0.99) }
}

async function measureEtcdLock(endpoints: string[]): Promise<{ p50: number; p99: number }> {
  const client = new Etcd3({ hosts: endpoints })
  try {
    return await measure(async () => {
      const lock = client.lock('latency/lock')
      await lock.acquire()
      await lock.release()
    })
  } finally {
    client.close()
  }
}

describe.skipIf(!etcd.up)(`lock latency against ${etcd.title}`, () => {
  let cluster: EtcdCluster
  const coordinators: Coordinator[] = []
  const locks: DistributedLocks[] = []

  beforeAll(async () => {
    cluster = await startEtcdCluster({ members: 3 })
    const transport = new InProcessLockTransport()
    const deploymentId = newDeploymentId()
    for (const id of ['a', 'b']) {
      const logger = recordingLogger()
      const coordinator = await connectMember(id, { endpoints: cluster.endpoints, deploymentId, logger })
      const server = await DistributedLocks.open({ coordinator, transport, claimDelayMs: 300, logger })
      transport.serve(coordinator.self.url, (request) => server.handleLockRequest(request))
      coordinators.push(coordinator)
      locks.push(server)
    }
  }, 60_000)
  afterAll(async () => {
    for (const l of locks) await l.close()
    for (const c of coordinators) await c.close()
    await cluster?.stop()
  })

  it('acquire + release: local owner, remote owner, and an etcd lock', async () => {
    const [a, b] = locks as [DistributedLocks, DistributedLocks]
    let name = ''
    for (let i = 0; a.ownerOfLock(name) !== 'a' || b.ownerOfLock(name) !== 'a'; i++) {
      name = `photos\0${i}`
      if (i % 100 === 99) await new Promise((resolve) => setTimeout(resolve, 100))
    }
    const local = await measure(async () => (await a.acquire(name))())
    const remote = await measure(async () => (await b.acquire(name))())
    const etcdLock = await measureEtcdLock(cluster.endpoints)
    const onDisk = await startEtcdCluster({ members: 3, onDisk: true })
    const etcdLockOnDisk = await measureEtcdLock(onDisk.endpoints).finally(() => onDisk.stop())
    const rows = { local, remote, etcdLock, etcdLockOnDisk }
    console.log(
      Object.entries(rows)
        .map(
          ([what, { p50, p99 }]) => `${what.padEnd(16)} p50 ${p50.toFixed(3)} ms  p99 ${p99.toFixed(3)} ms`,
        )
        .join('\n'),
    )
    expect(local.p50).toBeLessThan(etcdLock.p50)
    expect(remote.p50).toBeLessThan(etcdLock.p50)
  }, 120_000)
})
