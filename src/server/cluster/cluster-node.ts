import type { IncomingMessage, ServerResponse } from 'node:http'
import { resolve } from 'node:path'
import type { Logger } from '../logger.js'
import { openErasureSets } from '../storage/erasure-sets.js'
import { localDriveLocation } from '../storage/local-drive.js'
import type { ObjectLayer } from '../storage/object-layer.js'
import { remoteDriveLocation } from '../storage/remote/remote-drive-location.js'
import { createStorageRpcHandler } from '../storage/remote/storage-rpc-handler.js'
import type { DriveLocation } from '../storage/storage-drive.js'
import { Coordinator } from './coordinator.js'
import { DistributedLocks } from './distributed-locks.js'
import { createLockTransport, createPeerApi, type PeerApi } from './peer-api.js'
import { shareLocation } from './shared-location.js'
import type { ClusterTopology } from './topology.js'

/**
 * A server's etcd lease: how long after it dies its lock slots pass to others. Short, because a
 * write whose slot the dead server owned waits that long.
 */
const LEASE_TTL_SECONDS = 5
/**
 * How long a write waits for its lock's slot to have an owner that grants: past the lease TTL,
 * so a write during a handover waits rather than fails; when etcd has lost its quorum, writes
 * fail with 503 after this.
 */
const OWNER_WAIT_MS = 7000

/** What a cluster member needs to join. */
export interface ClusterNodeOptions {
  etcd: string[]
  topology: ClusterTopology
  /** The root secret key: every member has the same, and it signs the internal API. */
  secretKey: string
  logger: Logger
  /** How often to try again while etcd or a quorum of drives is out of reach; default 1 s. */
  retryMs?: number
}

/** One server of a distributed deployment: its internal API, its coordinator, its storage. */
export interface ClusterNode {
  readonly topology: ClusterTopology
  /** The root secret key, which signs the internal API. */
  readonly secretKey: string
  /** Whether `req` is for the internal API (storage, locks, peers) rather than S3 or admin. */
  handles(req: IncomingMessage): boolean
  handle(req: IncomingMessage, res: ServerResponse, expectsContinue?: boolean): void
  /**
   * Joins etcd, then opens the deployment's erasure set over every server's drives, waiting (and
   * saying why, once per reason) while etcd or a quorum of drives is out of reach.
   */
  openStorage(): Promise<ObjectLayer>
  /** etcd: membership, notices (after openStorage). */
  readonly coordinator: Coordinator | undefined
  /**
   * Whether this server is the first of the live members (by URL): it alone runs the cluster's
   * background work (the lifecycle scans).
   */
  leads(): boolean
  /** Bytes used on this server's own drives (what `info` reports for it). */
  localUsedBytes(): Promise<number>
  /** The other servers' peer calls (info, service). */
  readonly peers: PeerApi
  close(): Promise<void>
}

/**
 * Creates this server's part of a distributed deployment (docs/distributed.md): its own drives
 * served to the others over the internal storage API, the others' reached through it, locks
 * granted by etcd-leased slot owners.
 */
export function createClusterNode(options: ClusterNodeOptions): ClusterNode {
  const { topology, secretKey, logger } = options
  const retryMs = options.retryMs ?? 1000
  // Each local drive is opened once, for this server's set and its peers' alike.
  const local = new Map<string, DriveLocation>()
  for (const drive of topology.drives) {
    if (!drive.local) continue
    local.set(
      drive.path,
      shareLocation(localDriveLocation(resolve(drive.path), { fsync: true }), drive.endpoint),
    )
  }
  const storageRpc = createStorageRpcHandler({ drives: local, secretKey })
  let coordinator: Coordinator | undefined
  let locks: DistributedLocks | undefined
  const peers = createPeerApi({ topology, secretKey, locks: () => locks })
  let closed = false

  const connect = (endpoint: string): DriveLocation => {
    const drive = topology.drives.find((d) => d.endpoint === endpoint)!
    if (drive.local) return local.get(drive.path)!
    return remoteDriveLocation({ url: drive.server, path: drive.path, secretKey })
  }

  /** Runs `attempt` until it succeeds, logging each new reason it fails for. */
  async function until<T>(what: string, attempt: () => Promise<T>): Promise<T> {
    let said = ''
    for (;;) {
      if (closed) throw new Error('the server is stopping')
      try {
        return await attempt()
      } catch (error) {
        const reason = (error as Error).message
        if (reason !== said) logger.warn(`[silo cluster] waiting for ${what}: ${reason}`)
        said = reason
        await new Promise((done) => setTimeout(done, retryMs))
      }
    }
  }

  return {
    topology,
    secretKey,
    handles: (req) => storageRpc.handles(req) || peers.handles(req),
    handle(req, res, expectsContinue) {
      if (storageRpc.handles(req)) storageRpc.handle(req, res, expectsContinue)
      else peers.handle(req, res)
    },
    get coordinator() {
      return coordinator
    },
    async localUsedBytes() {
      let used = 0
      for (const location of local.values()) {
        // A handle of the store this server's set and its peers already share.
        const drive = await location.open()
        try {
          used += await drive.usedBytes()
        } finally {
          await drive.close()
        }
      }
      return used
    },
    leads() {
      const live =
        coordinator
          ?.members()
          .map((m) => m.url)
          .sort() ?? []
      return live[0] === topology.self
    },
    peers,

    async openStorage() {
      const joined = await until('etcd', () =>
        Coordinator.connect({
          endpoints: options.etcd,
          deploymentId: 'silo',
          self: { id: new URL(topology.self).host, url: topology.self },
          leaseTtlSeconds: LEASE_TTL_SECONDS,
          logger,
        }),
      )
      coordinator = joined
      const opened = await until('the lock slots', () =>
        DistributedLocks.open({
          coordinator: joined,
          transport: createLockTransport(secretKey),
          ownerWaitMs: OWNER_WAIT_MS,
          logger,
        }),
      )
      locks = opened
      const endpoints = topology.drives.map((d) => d.endpoint)
      // One server at a time formats a new deployment; the others then find its format.json.
      // A lease-bound etcd lock: a server that dies while formatting lets the next one go on.
      return until('a quorum of drives', () =>
        joined.etcd
          .lock('format')
          .ttl(30)
          .do(() =>
            openErasureSets(endpoints, { connect, locks: opened, setDriveCount: topology.setDriveCount }),
          ),
      )
    },

    async close() {
      closed = true
      await locks?.close()
      await coordinator?.close()
      await storageRpc.close()
    },
  }
}
