// A child process that is one lock node of a distributed deployment, for the lock round trips of
// bench/scenarios/cluster.mjs: the server's own Coordinator and DistributedLocks (bundled from
// src/ by cluster.mjs's bundleClusterLocks), with the HTTP lock transport the servers use
// (createLockTransport) and the peer API's request handler (createPeerApi: signature check, JSON,
// DistributedLocks.handleLockRequest) on a node:http server, as a Silo server answers
// /silo/peer/v1/lock. Only the lock slots: no drives, no S3.
import http from 'node:http'
import { pathToFileURL } from 'node:url'
import { serveRequests } from './rpc-child.mjs'

let node = null

const logger = (id) => ({
  info() {},
  warn: (message) => console.error(`lock node ${id}: ${message}`),
  error: (message, error) => console.error(`lock node ${id}: ${message}`, error ?? ''),
})

serveRequests({
  /** Listens, joins `deploymentId` in etcd and opens its lock slots; resolves with {id, url}. */
  async start({ module, etcd, deploymentId, id, secretKey }) {
    const { Coordinator, DistributedLocks, createLockTransport, createPeerApi } = await import(
      pathToFileURL(module).href
    )
    let locks
    let peers
    const server = http.createServer((req, res) => {
      if (peers?.handles(req)) return peers.handle(req, res)
      res.writeHead(404).end()
    })
    server.keepAliveTimeout = 60_000
    await new Promise((resolve, reject) => {
      server.once('error', reject)
      server.listen(0, '127.0.0.1', resolve)
    })
    const url = `http://127.0.0.1:${server.address().port}`
    peers = createPeerApi({
      topology: { self: url, servers: [url], drives: [] },
      secretKey,
      locks: () => locks,
    })
    const coordinator = await Coordinator.connect({
      endpoints: etcd,
      deploymentId,
      self: { id, url },
      logger: logger(id),
    })
    // The servers' transport, counting its calls in flight: a run ends when the releases it
    // sent (not waited for by the acquirer) have been answered too.
    const inner = createLockTransport(secretKey)
    const inFlight = new Set()
    const transport = {
      call(owner, request) {
        const call = inner.call(owner, request)
        const settled = call.then(
          () => inFlight.delete(settled),
          () => inFlight.delete(settled),
        )
        inFlight.add(settled)
        return call
      },
    }
    locks = await DistributedLocks.open({ coordinator, transport, logger: logger(id) })
    node = { id, url, server, coordinator, locks, inFlight }
    return { id, url }
  },

  /** The member ID owning each lock slot, as this node sees it. */
  owners: () => node.locks.owners(),

  /** `count` distinct lock names (object-lock shaped: `bucket\0key`) whose slot `owner` owns. */
  names({ owner, count, prefix }) {
    const names = []
    for (let i = 0; names.length < count; i++) {
      const name = `bench\0${prefix}/${String(i).padStart(7, '0')}`
      if (node.locks.ownerOfLock(name) === owner) names.push(name)
      if (i > count * 1000) throw new Error(`no lock slot of ${owner} among ${i} names`)
    }
    return names
  },

  /**
   * `concurrency` workers take and give back locks for `durationMs` (at most `maxOps`), the n-th
   * operation on names[n % names.length] (more names than workers: no two wait on one lock):
   * `slots` through DistributedLocks (acquire, then the release it returns: a grant of another
   * node is given back by a request not waited for, as a server's commit does), `etcd` through
   * the etcd3 client's lock (a lease granted, a key put; release revokes the lease, awaited).
   * Resolves with {ops, elapsedMs, p50Us, p99Us}: latencies of acquire + release as the
   * acquirer sees them; elapsedMs runs until the last release was answered.
   */
  async run({ path, names, concurrency, durationMs, maxOps }) {
    const once =
      path === 'etcd'
        ? async (name) => {
            const lock = node.coordinator.etcd.lock(name)
            await lock.acquire()
            await lock.release()
          }
        : async (name) => (await node.locks.acquire(name))()
    const latencies = []
    let issued = 0
    const start = performance.now()
    const deadline = start + durationMs
    const worker = async () => {
      while (performance.now() < deadline && issued < maxOps) {
        const name = names[issued++ % names.length]
        const began = performance.now()
        await once(name)
        latencies.push((performance.now() - began) * 1000)
      }
    }
    await Promise.all(Array.from({ length: concurrency }, worker))
    while (node.inFlight.size > 0) await Promise.all(node.inFlight)
    const elapsedMs = performance.now() - start
    latencies.sort((a, b) => a - b)
    const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]
    return { ops: latencies.length, elapsedMs, p50Us: at(0.5), p99Us: at(0.99) }
  },

  /** Hands the slots over, leaves etcd, stops listening. */
  async stop() {
    if (!node) return
    const { locks, coordinator, server } = node
    node = null
    await locks.close()
    await coordinator.close()
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  },
})
