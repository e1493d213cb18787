import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { Coordinator } from '../../../src/server/cluster/coordinator.js'
import { DistributedLocks } from '../../../src/server/cluster/distributed-locks.js'
import { InProcessLockTransport } from '../../../src/server/cluster/in-process-lock-transport.js'
import { rendezvousWinner } from '../../../src/server/cluster/slot-hash.js'
import { checkEtcd, type EtcdCluster, startEtcdCluster } from '../helpers/etcd-cluster.js'
import { startTcpGate, type TcpGate } from '../helpers/tcp-gate.js'
import { connectMember, newDeploymentId, recordingLogger } from './helpers.js'

const etcd = checkEtcd()
const GRANT_TTL = 2000
const OWNER_WAIT = 3000
const IDS = ['a', 'b', 'c']

interface Server {
  coordinator: Coordinator
  locks: DistributedLocks
  logger: ReturnType<typeof recordingLogger>
  /** Stops answering lock requests, as a dead server would; returns the restart. */
  unserve: () => void
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe.skipIf(!etcd.up)(`DistributedLocks against ${etcd.title}`, () => {
  let cluster: EtcdCluster
  let gate: TcpGate
  const transport = new InProcessLockTransport()
  const deploymentId = newDeploymentId()
  const servers = new Map<string, Server>()
  const server = (id: string) => servers.get(id)!

  const serve = (s: Omit<Server, 'unserve'>) =>
    transport.serve(s.coordinator.self.url, (request) => s.locks.handleLockRequest(request))
  const start = async (id: string, endpoints: string[]) => {
    const logger = recordingLogger()
    const coordinator = await connectMember(id, { endpoints, deploymentId, logger })
    const locks = await DistributedLocks.open({
      coordinator,
      transport,
      grantTtlMs: GRANT_TTL,
      ownerWaitMs: OWNER_WAIT,
      claimDelayMs: 300,
      logger,
    })
    const s = { coordinator, locks, logger }
    servers.set(id, { ...s, unserve: serve(s) })
  }
  /** A lock name whose slot `id` owns, as every server sees it. */
  const nameOwnedBy = (id: string, prefix = 'photos\0') => {
    for (let i = 0; ; i++) {
      const name = `${prefix}${i}`
      if ([...servers.values()].every((s) => s.locks.ownerOfLock(name) === id)) return name
    }
  }
  /** Every slot owned by its rendezvous winner among `ids`, as every server sees it. */
  const settled = async (ids = IDS, timeout = 15_000) => {
    const want = Array.from({ length: 64 }, (_, slot) => rendezvousWinner(slot, ids))
    await vi.waitFor(
      () => {
        for (const id of ids) expect(server(id).locks.owners()).toEqual(want)
      },
      { timeout, interval: 50 },
    )
  }

  beforeAll(async () => {
    cluster = await startEtcdCluster({ members: 3 })
    gate = await startTcpGate(cluster.endpoints)
    // One after the other: the first claims every slot, and hands over as the others join.
    await start('a', cluster.endpoints)
    await start('b', cluster.endpoints)
    await start('c', gate.endpoints)
  }, 60_000)
  afterAll(async () => {
    for (const s of servers.values()) {
      await s.locks.close()
      await s.coordinator.close()
    }
    await gate?.close()
    await cluster?.stop()
  })

  it('spreads the slots over the three servers (each its rendezvous share), handed over clean as they joined', async () => {
    await settled()
    const counts = IDS.map(
      (id) =>
        server('a')
          .locks.owners()
          .filter((owner) => owner === id).length,
    )
    expect(Math.min(...counts)).toBeGreaterThan(10)
    // Slots moved from a to b and c without waiting out a grant TTL: every handover was clean.
    for (const s of servers.values()) expect(s.logger.lines.join('\n')).not.toMatch(/did not hand it over/)
    const startedAt = performance.now()
    await (await server('c').locks.acquire(nameOwnedBy('b')))()
    expect(performance.now() - startedAt).toBeLessThan(500)
  })

  it('never lets two servers hold an exclusive lock at once, local and remote owners alike', async () => {
    await settled()
    const round = async (name: string) => {
      let holders = 0
      let most = 0
      let done = 0
      await Promise.all(
        [...servers.values()].flatMap((s) =>
          Array.from({ length: 30 }, async () => {
            const release = await s.locks.acquire(name)
            most = Math.max(most, ++holders)
            await sleep(Math.random() * 2)
            holders--
            done++
            release()
          }),
        ),
      )
      return { most, done }
    }
    // One name per owner: each server locks once where it owns the slot, twice where it asks.
    const results = await Promise.all(IDS.map((id) => round(nameOwnedBy(id))))
    expect(results).toEqual(IDS.map(() => ({ most: 1, done: 90 })))
  })

  it('lets shared holders in together and makes an exclusive request wait for them', async () => {
    await settled()
    const name = nameOwnedBy('b', 'bucket:')
    let holders = 0
    let most = 0
    await Promise.all(
      [...servers.values()].flatMap((s) =>
        Array.from({ length: 10 }, async () => {
          const release = await s.locks.acquire(name, true)
          most = Math.max(most, ++holders)
          await sleep(30)
          holders--
          release()
        }),
      ),
    )
    expect(most).toBeGreaterThan(1)

    const order: string[] = []
    const releaseShared = await server('a').locks.acquire(name, true)
    const noting = (what: string) => (release: () => void) => {
      order.push(what)
      return release
    }
    const exclusive = server('c').locks.acquire(name).then(noting('exclusive'))
    await sleep(100)
    // A shared request behind a waiting exclusive one waits too (no starving the exclusive).
    const laterShared = server('b').locks.acquire(name, true).then(noting('shared'))
    await sleep(100)
    expect(order).toEqual([])
    order.push('released')
    releaseShared()
    ;(await exclusive)()
    ;(await laterShared)()
    expect(order).toEqual(['released', 'exclusive', 'shared'])
  })

  it('releases a grant its holder keeps past the grant TTL, with a warning', async () => {
    await settled()
    const name = nameOwnedBy('a')
    await server('b').locks.acquire(name) // never released
    const startedAt = performance.now()
    const release = await server('c').locks.acquire(name)
    expect(performance.now() - startedAt).toBeGreaterThan(GRANT_TTL - 100)
    release()
    expect(server('a').logger.lines.join('\n')).toMatch(/lock grant .* to b not released within 2000 ms/)
  })

  it('moves the slots of a server cut off from etcd; their new owners grant only after the grant TTL', async () => {
    await settled()
    const name = nameOwnedBy('c')
    const c = server('c')
    // a holds a lock c granted, and is not told when c dies.
    await server('a').locks.acquire(name)
    gate.cut()
    c.unserve()
    try {
      await vi.waitFor(() => expect(server('a').locks.ownerOfLock(name)).toMatch(/^[ab]$/), {
        timeout: 8000,
        interval: 10,
      })
      const claimSeenAt = performance.now()
      const release = await server('b').locks.acquire(name)
      release()
      // a's grant from c may still be held: nobody grants that lock before its TTL has run.
      expect(performance.now() - claimSeenAt).toBeGreaterThan(GRANT_TTL - 300)
      const newOwner = server('a').locks.ownerOfLock(name)!
      expect(server(newOwner).logger.lines.join('\n')).toMatch(
        /claimed lock slot \d+ from c, which did not hand/,
      )
      await settled(['a', 'b'])

      // c's lease ran out: it grants nothing, in slots it owned or not.
      expect(c.coordinator.state).toBe('lost')
      const refused = await c.locks.handleLockRequest({
        op: 'acquire',
        name,
        shared: false,
        ttlMs: 1000,
        holder: 'x',
      })
      expect(refused).toMatchObject({ ok: false, refusal: 'not-owner' })
    } finally {
      gate.restore()
      servers.set('c', { ...c, unserve: serve(c) })
    }
    await vi.waitFor(() => expect(c.coordinator.state).toBe('connected'), { timeout: 10_000 })
    await settled()
    await (await c.locks.acquire(name))()
  }, 40_000)

  it("grants in a dead owner's slot once its holders released its grants, before the grant TTL", async () => {
    await settled()
    const name = nameOwnedBy('c', 'early\0')
    const c = server('c')
    const releaseHeld = await server('a').locks.acquire(name)
    gate.cut()
    c.unserve()
    try {
      await vi.waitFor(() => expect(server('b').locks.ownerOfLock(name)).toMatch(/^[ab]$/), {
        timeout: 8000,
        interval: 10,
      })
      let grantedAt = 0
      const waiting = server('b')
        .locks.acquire(name)
        .then((release) => {
          grantedAt = performance.now()
          release()
        })
      // a still holds c's grant: nobody may grant the lock yet.
      await sleep(600)
      expect(grantedAt).toBe(0)
      const releasedAt = performance.now()
      releaseHeld()
      await waiting
      // Granted when asked again after the release (the new owner asks every 200 ms), not when the
      // grant TTL has run out (about GRANT_TTL - 600 ms after the release).
      expect(grantedAt - releasedAt).toBeLessThan(400)
    } finally {
      gate.restore()
      servers.set('c', { ...c, unserve: serve(c) })
    }
    await vi.waitFor(() => expect(c.coordinator.state).toBe('connected'), { timeout: 10_000 })
    await settled()
  }, 40_000)

  it('keeps locking with one etcd member (the leader) stopped', async () => {
    await settled()
    const names = IDS.map((id) => nameOwnedBy(id))
    const leader = await cluster.leader()
    await cluster.stopMember(leader)
    try {
      // Two lease TTLs and more: no server loses its slots.
      for (let round = 0; round < 10; round++) {
        for (const s of servers.values()) for (const name of names) (await s.locks.acquire(name))()
        await sleep(500)
      }
      expect(IDS.map((id) => server(id).coordinator.state)).toEqual(['connected', 'connected', 'connected'])
      await settled(IDS, 1000)
    } finally {
      await cluster.startMember(leader)
    }
  }, 30_000)

  it('fails acquires fast with 503 when etcd loses its quorum, and locks again by itself when it is back', async () => {
    await settled()
    const names = IDS.map((id) => nameOwnedBy(id))
    await cluster.stopMember(1)
    await cluster.stopMember(2)
    try {
      // Owners grant until their lease bound passes (nobody can claim without quorum), then stop.
      await vi.waitFor(
        () => expect(IDS.map((id) => server(id).coordinator.state)).toEqual(['lost', 'lost', 'lost']),
        {
          timeout: 5000,
        },
      )
      for (const name of names) {
        const startedAt = performance.now()
        const error = await server('a')
          .locks.acquire(name)
          .then(
            () => undefined,
            (e: unknown) => e,
          )
        expect(error).toMatchObject({ code: 'XSiloLockUnavailable', status: 503 })
        expect(performance.now() - startedAt).toBeLessThan(OWNER_WAIT + 500)
      }
    } finally {
      await cluster.startMember(1)
      await cluster.startMember(2)
    }
    await vi.waitFor(
      () =>
        server('b')
          .locks.acquire(names[0]!)
          .then((release) => release()),
      {
        timeout: 40_000,
        interval: 200,
      },
    )
    await settled(IDS, 20_000)
    for (const s of servers.values()) for (const name of names) (await s.locks.acquire(name))()
  }, 90_000)

  it('hands its slots over clean when a server closes: the others grant in them at once', async () => {
    await settled()
    const name = nameOwnedBy('c')
    const c = server('c')
    const linesBefore = [server('a'), server('b')].map((s) => s.logger.lines.length)
    await c.locks.close()
    await c.coordinator.close()
    c.unserve()
    servers.delete('c')
    const startedAt = performance.now()
    await (await server('a').locks.acquire(name))()
    expect(performance.now() - startedAt).toBeLessThan(GRANT_TTL - 500)
    await settled(['a', 'b'])
    const later = [server('a'), server('b')].flatMap((s, i) => s.logger.lines.slice(linesBefore[i]))
    expect(later.join('\n')).not.toMatch(/did not hand it over/)
  })
})
