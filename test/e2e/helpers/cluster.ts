import { mkdtemp, rm } from 'node:fs/promises'
import { createServer as createNetServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createServer, type SiloServer } from '../../../src/server/index.js'
import { type EtcdCluster, startEtcdCluster } from '../../server/helpers/etcd-cluster.js'
import { ROOT_PASSWORD, ROOT_USER, type RunningServer } from './server.js'

/** One server of a test cluster: stop it and start it again on the same port and drives. */
export interface ClusterMember extends RunningServer {
  /** Whether it runs now. */
  running: boolean
  /** Stops it (as `service stop` or a shutdown would: its lease is revoked). */
  stopMember(): Promise<void>
  /** Starts it again (waits until it serves S3). */
  startMember(): Promise<void>
}

/** A distributed deployment on loopback: etcd members, Silo servers, their drives. */
export interface RunningCluster {
  members: ClusterMember[]
  etcd: EtcdCluster
  /** Every drive URL, as each server was given them. */
  endpoints: string[]
  /** The folder holding every server's drives (`n<i>/d<j>`). */
  root: string
  /** A running member chosen at random (tests send each request to any server). */
  any(): ClusterMember
  stop(): Promise<void>
}

/** A free loopback port (bound and released: the caller binds it again at once). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createNetServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number }
      probe.close(() => resolve(port))
    })
  })
}

/**
 * Starts `etcdMembers` etcd members and `servers` Silo servers in this process, each with
 * `drivesPerServer` drive folders, all on 127.0.0.1, as one deployment (docs/distributed.md).
 */
export async function startCluster(
  options: { servers?: number; drivesPerServer?: number; etcdMembers?: number; etcd?: EtcdCluster } = {},
): Promise<RunningCluster> {
  const count = options.servers ?? 4
  const perServer = options.drivesPerServer ?? 4
  const etcd = options.etcd ?? (await startEtcdCluster({ members: options.etcdMembers ?? 3 }))
  const root = await mkdtemp(join(tmpdir(), 'silo-cluster-'))
  const ports: number[] = []
  while (ports.length < count) {
    const port = await freePort()
    if (!ports.includes(port)) ports.push(port)
  }
  const endpoints = ports.flatMap((port, n) =>
    Array.from({ length: perServer }, (_, d) => `http://127.0.0.1:${port}${root}/n${n + 1}/d${d + 1}`),
  )
  const members = ports.map((port, n) => member(port, join(root, `n${n + 1}`), endpoints, etcd.endpoints))
  await Promise.all(members.map((m) => m.startMember()))
  return {
    members,
    etcd,
    endpoints,
    root,
    any() {
      const running = members.filter((m) => m.running)
      return running[Math.floor(Math.random() * running.length)]!
    },
    async stop() {
      await Promise.all(members.map((m) => m.stopMember()))
      if (!options.etcd) await etcd.stop()
      await rm(root, { recursive: true, force: true })
    },
  }
}

function member(port: number, dir: string, endpoints: string[], etcd: string[]): ClusterMember {
  let server: SiloServer | undefined
  const self: ClusterMember = {
    url: `http://127.0.0.1:${port}`,
    host: '127.0.0.1',
    port,
    dir,
    running: false,
    async startMember() {
      server = createServer({
        dir: endpoints,
        etcd,
        address: `127.0.0.1:${port}`,
        rootUser: ROOT_USER,
        rootPassword: ROOT_PASSWORD,
        quiet: true,
        logger: { info: () => {}, warn: () => {}, error: (m, e) => console.error(m, e ?? '') },
      })
      await server.start()
      self.running = true
    },
    async stopMember() {
      const stopping = server
      server = undefined
      self.running = false
      await stopping?.stop()
    },
    stop: () => self.stopMember(),
  }
  return self
}
