import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Etcd3 } from 'etcd3'
import { findClosedPort, isPortOpen } from '../events/targets/helpers/service.js'

const ETCD = '/usr/bin/etcd'

/** A throwaway etcd cluster of real members on loopback, for tests. */
export interface EtcdCluster {
  /** Client URLs, one per member (`http://127.0.0.1:port`). */
  endpoints: string[]
  /** Stops member `i`: SIGKILL (a crash, the default) or SIGTERM (a clean stop). */
  stopMember(i: number, signal?: 'SIGKILL' | 'SIGTERM'): Promise<void>
  /** Starts member `i` again on its ports and data folder; resolves once it listens. */
  startMember(i: number): Promise<void>
  /** The index of the member that leads now. */
  leader(): Promise<number>
  /** Kills every member and removes the data folders. */
  stop(): Promise<void>
}

interface Member {
  name: string
  clientPort: number
  peerPort: number
  dir: string
  child?: ChildProcess
  exited?: Promise<void>
  stderr: string
}

/**
 * Decides whether a test file runs: off CI a machine without `/usr/bin/etcd` skips the file
 * with a one-line reason; under `CI=true` it throws instead (docs/testing.md, Services).
 */
export function checkEtcd(): { up: boolean; title: string } {
  if (existsSync(ETCD)) return { up: true, title: 'a 3-member etcd' }
  const reason = `${ETCD} is missing (install it: scripts/services.sh)`
  if (process.env.CI === 'true') throw new Error(`${reason}; CI=true, so a missing service is a failure`)
  console.warn(`skipped: ${reason}`)
  return { up: false, title: `skipped: ${reason}` }
}

/**
 * Starts `members` etcd members on free loopback ports, each with its own data folder (in
 * /dev/shm when there is one: etcd 3.4 has no --unsafe-no-fsync, and fsync on tmpfs costs
 * nothing; `onDisk` puts them in the system's temporary folder, for a real fsync), and resolves once a put and a get go through. Fast elections (50 ms heartbeats,
 * 500 ms election timeout) so failover tests take seconds. Ports are found by binding port 0;
 * another process may take one before etcd binds it, so a failed start is retried on new ports.
 */
export async function startEtcdCluster(
  options: { members?: number; onDisk?: boolean } = {},
): Promise<EtcdCluster> {
  const count = options.members ?? 3
  let lastError: unknown
  for (let attempt = 0; attempt < 3; attempt++) {
    const memory = !options.onDisk && existsSync('/dev/shm')
    const base = await mkdtemp(join(memory ? '/dev/shm' : tmpdir(), 'silo-etcd-'))
    const members: Member[] = []
    for (let i = 0; i < count; i++) {
      const [clientPort, peerPort] = [await findClosedPort(), await findClosedPort()]
      members.push({ name: `m${i}`, clientPort, peerPort, dir: join(base, `m${i}`), stderr: '' })
    }
    const token = `silo-test-${process.pid}-${Date.now().toString(36)}-${attempt}`
    const cluster = createCluster(members, base, token)
    try {
      for (let i = 0; i < count; i++) await cluster.startMember(i)
      await waitUntilHealthy(cluster.endpoints, members)
      return cluster
    } catch (e) {
      lastError = e
      await cluster.stop()
    }
  }
  throw new Error('etcd cluster did not start', { cause: lastError })
}

function createCluster(members: Member[], base: string, token: string): EtcdCluster {
  const initialCluster = members.map((m) => `${m.name}=http://127.0.0.1:${m.peerPort}`).join(',')
  const killAll = () => {
    for (const m of members) m.child?.kill('SIGKILL')
  }
  // A test process that ends without stop() (a crash, a timeout) must not leave members behind.
  process.once('exit', killAll)
  const stopMember = async (i: number, signal: 'SIGKILL' | 'SIGTERM' = 'SIGKILL') => {
    const m = members[i]!
    m.child?.kill(signal)
    await m.exited
    m.child = undefined
  }
  return {
    endpoints: members.map((m) => `http://127.0.0.1:${m.clientPort}`),
    stopMember,
    async startMember(i) {
      const m = members[i]!
      if (m.child) throw new Error(`etcd member ${i} is running`)
      startMember(m, initialCluster, token)
      const until = Date.now() + 15_000
      while (!(await isPortOpen(m.clientPort, 200))) {
        if (m.child === undefined || Date.now() > until) {
          throw new Error(`etcd member ${m.name} did not listen on :${m.clientPort}: ${m.stderr}`)
        }
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
    },
    async leader() {
      for (const [i, m] of members.entries()) {
        if (!m.child) continue
        const client = new Etcd3({ hosts: `http://127.0.0.1:${m.clientPort}` })
        try {
          const status = await client.maintenance.status({ deadline: Date.now() + 1000 })
          if (status.leader === status.header.member_id) return i
        } catch {
          // A member that does not answer is not the leader.
        } finally {
          client.close()
        }
      }
      throw new Error('no etcd member says it leads')
    },
    async stop() {
      process.removeListener('exit', killAll)
      await Promise.all(members.map((_, i) => stopMember(i)))
      await rm(base, { recursive: true, force: true })
    },
  }
}

function startMember(m: Member, initialCluster: string, token: string): void {
  const client = `http://127.0.0.1:${m.clientPort}`
  const peer = `http://127.0.0.1:${m.peerPort}`
  // Members never write a snapshot in a test's lifetime, never fill the default quota, and
  // log errors only (on stderr, kept for the failure message).
  const child = spawn(
    ETCD,
    [
      ...['--name', m.name, '--data-dir', m.dir],
      ...['--listen-client-urls', client, '--advertise-client-urls', client],
      ...['--listen-peer-urls', peer, '--initial-advertise-peer-urls', peer],
      ...['--initial-cluster', initialCluster, '--initial-cluster-state', 'new'],
      ...['--initial-cluster-token', token],
      ...['--heartbeat-interval', '50', '--election-timeout', '500'],
      ...['--logger', 'zap', '--log-level', 'error'],
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  )
  m.child = child
  m.stderr = ''
  child.stderr!.on('data', (chunk: Buffer) => {
    m.stderr = (m.stderr + chunk.toString()).slice(-4000)
  })
  m.exited = new Promise((resolve) =>
    child.once('exit', () => {
      if (m.child === child) m.child = undefined
      resolve()
    }),
  )
}

/** Waits until a put and a linearizable get go through the cluster (a leader is elected). */
async function waitUntilHealthy(endpoints: string[], members: Member[]): Promise<void> {
  const client = new Etcd3({ hosts: endpoints })
  const until = Date.now() + 20_000
  try {
    for (;;) {
      const gone = members.find((m) => m.child === undefined)
      if (gone) throw new Error(`etcd member ${gone.name} exited: ${gone.stderr}`)
      try {
        const deadline = Date.now() + 1000
        await client.put('health').value('ok').options({ deadline })
        if ((await client.get('health').options({ deadline })) === 'ok') return
      } catch (e) {
        if (Date.now() > until) throw new Error('etcd cluster not healthy after 20 s', { cause: e })
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
    }
  } finally {
    client.close()
  }
}
