import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { isCoordinationUnavailable } from '../../../src/server/cluster/call-etcd.js'
import type { Coordinator, CoordinatorState } from '../../../src/server/cluster/coordinator.js'
import { checkEtcd, type EtcdCluster, startEtcdCluster } from '../helpers/etcd-cluster.js'
import { startTcpGate } from '../helpers/tcp-gate.js'
import { connectMember, memberIds, newDeploymentId } from './helpers.js'

const etcd = checkEtcd()

describe.skipIf(!etcd.up)(`Coordinator against ${etcd.title}`, () => {
  let cluster: EtcdCluster
  const open: Coordinator[] = []
  const connect = async (id: string, deploymentId: string, endpoints = cluster.endpoints) => {
    const coordinator = await connectMember(id, { endpoints, deploymentId })
    open.push(coordinator)
    return coordinator
  }

  beforeAll(async () => {
    cluster = await startEtcdCluster({ members: 3 })
  }, 60_000)
  afterAll(async () => {
    await Promise.all(open.map((c) => c.close()))
    await cluster?.stop()
  })

  it('members see each other; one cut off from etcd is gone after its lease TTL and comes back by itself', async () => {
    const deploymentId = newDeploymentId()
    const gate = await startTcpGate(cluster.endpoints)
    try {
      const a = await connect('a', deploymentId)
      const b = await connect('b', deploymentId)
      const c = await connect('c', deploymentId, gate.endpoints)
      const seen: string[][] = []
      a.onMembers((members) => seen.push(members.map((m) => m.id)))
      await vi.waitFor(() => expect(memberIds(a)).toEqual(['a', 'b', 'c']), { timeout: 5000 })
      expect(a.members().find((m) => m.id === 'c')).toMatchObject({ url: 'http://c.cluster.test' })
      expect(c.state).toBe('connected')

      const states: CoordinatorState[] = []
      c.onState((state) => states.push(state))
      const cutAt = performance.now()
      gate.cut()
      await vi.waitFor(() => expect(memberIds(a)).toEqual(['a', 'b']), { timeout: 8000, interval: 20 })
      const goneAfter = performance.now() - cutAt
      // Gone by lease expiry (2 s TTL, kept alive every 2/3 s), not by the connection dropping.
      expect(goneAfter).toBeGreaterThan(1000)
      expect(goneAfter).toBeLessThan(6000)
      await vi.waitFor(() => expect(c.state).toBe('lost'), { timeout: 3000 })
      expect(seen.at(-1)).toEqual(['a', 'b'])

      gate.restore()
      await vi.waitFor(() => expect(c.state).toBe('connected'), { timeout: 10_000 })
      await vi.waitFor(() => expect(memberIds(b)).toEqual(['a', 'b', 'c']), { timeout: 5000 })
      expect(states).toEqual(['lost', 'connected'])

      const closedAt = performance.now()
      await b.close()
      await vi.waitFor(() => expect(memberIds(a)).toEqual(['a', 'c']), { timeout: 5000, interval: 10 })
      // close() revokes the lease: the member goes at once, not after the TTL.
      expect(performance.now() - closedAt).toBeLessThan(1000)
    } finally {
      await gate.close()
    }
  })

  it('a notice reaches every coordinator, the publisher too, with its payload and only under its topic', async () => {
    const deploymentId = newDeploymentId()
    const [a, b, c] = await Promise.all(['a', 'b', 'c'].map((id) => connect(id, deploymentId)))
    const got: string[] = []
    for (const coordinator of [a!, b!, c!]) {
      coordinator.onNotice('iam', (payload) => got.push(`${coordinator.self.id} iam ${payload}`))
      coordinator.onNotice('bucket:photos', (payload) => got.push(`${coordinator.self.id} photos ${payload}`))
    }
    const unsubscribe = b!.onNotice('iam', (payload) => got.push(`b again ${payload}`))
    unsubscribe()
    await a!.publish('iam', 'user alice')
    await vi.waitFor(() =>
      expect(got.sort()).toEqual(['a iam user alice', 'b iam user alice', 'c iam user alice']),
    )
    got.length = 0
    await c!.publish('bucket:photos')
    await c!.publish('bucket:photos', 'again')
    await vi.waitFor(() =>
      expect(got.filter((l) => l.startsWith('a'))).toEqual(['a photos ', 'a photos again']),
    )
    await vi.waitFor(() => expect(got).toHaveLength(6))
    // A deployment's notices stay in it.
    const other = await connect('a', newDeploymentId())
    const elsewhere: string[] = []
    other.onNotice('iam', (payload) => elsewhere.push(payload))
    await a!.publish('iam', 'second')
    await vi.waitFor(() => expect(got).toContain('b iam second'))
    expect(elsewhere).toEqual([])
  })

  it('keeps small state, read back linearizably by the other coordinators', async () => {
    const deploymentId = newDeploymentId()
    const a = await connect('a', deploymentId)
    const b = await connect('b', deploymentId)
    expect(await b.get('config')).toBeUndefined()
    await a.put('config', '{"region":"eu"}')
    expect(await b.get('config')).toBe('{"region":"eu"}')
    await b.delete('config')
    expect(await a.get('config')).toBeUndefined()
    await expect(connectMember('bad/id', { endpoints: cluster.endpoints, deploymentId })).rejects.toThrow(
      /self.id/,
    )
  })

  it('works on with one etcd member (the leader) stopped', async () => {
    const deploymentId = newDeploymentId()
    const a = await connect('a', deploymentId)
    const b = await connect('b', deploymentId)
    const states: CoordinatorState[] = []
    a.onState((state) => states.push(state))
    const leader = await cluster.leader()
    await cluster.stopMember(leader)
    try {
      // Calls during the election (up to about a second) may time out; after it, everything works.
      await vi.waitFor(() => cluster.leader(), { timeout: 5000, interval: 100 })
      const got: string[] = []
      b.onNotice('config', (payload) => got.push(payload))
      await a.publish('config', 'v2')
      await vi.waitFor(() => expect(got).toEqual(['v2']), { timeout: 5000 })
      await a.put('k', 'v')
      expect(await b.get('k')).toBe('v')
      const c = await connect('c', deploymentId)
      await vi.waitFor(() => expect(memberIds(a)).toEqual(['a', 'b', 'c']), { timeout: 5000 })
      // Two lease TTLs with a member down: the leases were kept alive all along.
      await new Promise((resolve) => setTimeout(resolve, 4000))
      expect(states).toEqual([])
      expect([a.state, b.state, c.state]).toEqual(['connected', 'connected', 'connected'])
    } finally {
      await cluster.startMember(leader)
    }
  })

  it('fails fast without quorum, turns lost, and recovers by itself when the members return', async () => {
    const deploymentId = newDeploymentId()
    const a = await connect('a', deploymentId)
    await cluster.stopMember(1)
    await cluster.stopMember(2)
    try {
      const startedAt = performance.now()
      const error = await a.get('k').then(
        () => undefined,
        (e: unknown) => e,
      )
      expect(isCoordinationUnavailable(error)).toBe(true)
      expect(performance.now() - startedAt).toBeLessThan(3000)
      await expect(a.publish('iam')).rejects.toMatchObject({ name: 'CoordinationUnavailableError' })
      await vi.waitFor(() => expect(a.state).toBe('lost'), { timeout: 4000 })
    } finally {
      await cluster.startMember(1)
      await cluster.startMember(2)
    }
    await vi.waitFor(() => expect(a.state).toBe('connected'), { timeout: 30_000, interval: 100 })
    await a.put('k', 'back')
    expect(await a.get('k')).toBe('back')
    expect(memberIds(a)).toEqual(['a'])
  }, 60_000)
})
