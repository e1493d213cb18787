// Parent side of distributed mode (bench/scenarios/cluster.mjs): a Silo cluster of server
// children that measureSection and the SDK take as one server, and lock nodes (lock-node-child.mjs)
// running the servers' lock code bundled from src/.
import { join } from 'node:path'
import { bundleSource } from './bundle-source.mjs'
import { forkChild } from './children.mjs'
import { freePort } from './etcd.mjs'
import { siloNodeFlags } from './paths.mjs'
import { readCpuMicros, readRss } from './proc.mjs'

const SERVER_CHILD = new URL('./server-child.mjs', import.meta.url).pathname
const LOCK_NODE_CHILD = new URL('./lock-node-child.mjs', import.meta.url).pathname
const START_ATTEMPTS = 2
const OWNERS_STABLE_WITHIN_MS = 20_000

/**
 * Starts `servers` Silo servers (packages/silo-server/dist, each in its own child process) with
 * `drivesPerServer` drive folders each under `root/n<i>/d<j>`, all given every drive URL and
 * the etcd `endpoints`, at once (each waits for the others' drives). Resolves once all serve S3
 * with a handle shaped as servers.mjs's: `host`/`port` are the first server's, `endpoints` all of
 * them (the signed load generator spreads over them), `pids` theirs; `cpuMicros()` and `rss()`
 * sum the servers' processes. A fixed port taken meanwhile by another process: tried again once
 * on new ports.
 */
export async function startSiloCluster({ kind, servers, drivesPerServer, root, etcd, accessKey, secretKey }) {
  let lastError
  for (let attempt = 0; attempt < START_ATTEMPTS; attempt++) {
    const ports = new Set()
    while (ports.size < servers) ports.add(await freePort())
    const endpoints = [...ports].map((port) => ({ host: '127.0.0.1', port }))
    const drives = endpoints.flatMap(({ host, port }, n) =>
      Array.from(
        { length: drivesPerServer },
        (_, d) => `http://${host}:${port}${join(root, `try${attempt}`, `n${n + 1}`, `d${d + 1}`)}`,
      ),
    )
    const children = endpoints.map((_, n) =>
      forkChild(SERVER_CHILD, { execArgv: siloNodeFlags(), name: `Silo cluster server ${n + 1}` }),
    )
    const stop = () => Promise.all(children.map((child) => child.kill()))
    try {
      await Promise.all(
        children.map((child, n) =>
          child.request('start', {
            kind: 'silo-cluster',
            drives,
            etcd,
            address: `${endpoints[n].host}:${endpoints[n].port}`,
            accessKey,
            secretKey,
          }),
        ),
      )
      const pids = children.map((child) => child.pid)
      return {
        kind,
        label: kind,
        host: endpoints[0].host,
        port: endpoints[0].port,
        endpoints,
        pid: pids[0],
        pids,
        region: 'us-east-1',
        accessKey,
        secretKey,
        prepared: new Set(),
        cpuMicros: () => pids.reduce((sum, pid) => sum + readCpuMicros(pid), 0),
        rss: () => pids.reduce((sum, pid) => sum + readRss(pid), 0),
        stop,
      }
    } catch (error) {
      lastError = error
      await stop()
    }
  }
  throw new Error(`the Silo cluster did not start: ${lastError?.message}`)
}

/**
 * Coordinator, DistributedLocks, createLockTransport and createPeerApi bundled from src/ with
 * esbuild (the server's dist/ exports none of them) into a temporary folder inside
 * node_modules/.cache, so etcd3 and cockatiel resolve as the server's do. Returns the module's path.
 */
export function bundleClusterLocks() {
  return bundleSource('cluster-locks', [
    { names: 'Coordinator', from: 'server/cluster/coordinator.ts' },
    { names: 'DistributedLocks', from: 'server/cluster/distributed-locks.ts' },
    { names: 'createLockTransport, createPeerApi', from: 'server/cluster/peer-api.ts' },
  ])
}

/**
 * Starts `count` lock nodes (lock-node-child.mjs) of deployment `deploymentId` at once and
 * waits until every lock slot has an owner, every node sees the same owners, each node owns
 * some, and that held for a second. Resolves with [{id, url, pid, request, stop}].
 */
export async function startLockNodes({ module, etcd, count, deploymentId, secretKey }) {
  const children = Array.from({ length: count }, (_, i) =>
    forkChild(LOCK_NODE_CHILD, { name: `lock node ${i + 1}` }),
  )
  const stop = () => Promise.all(children.map((child) => child.kill()))
  try {
    const nodes = await Promise.all(
      children.map(async (child, i) => {
        const { id, url } = await child.request('start', {
          module,
          etcd,
          deploymentId,
          id: `n${i + 1}`,
          secretKey,
        })
        return {
          id,
          url,
          pid: child.pid,
          request: child.request,
          // Killed, not closed: handing the slots over takes a second, and etcd goes next.
          stop: () => child.kill(),
        }
      }),
    )
    await waitForStableOwners(nodes)
    return nodes
  } catch (error) {
    await stop()
    throw error
  }
}

async function waitForStableOwners(nodes) {
  const until = Date.now() + OWNERS_STABLE_WITHIN_MS
  let last = ''
  let stableSince = 0
  for (;;) {
    const views = await Promise.all(nodes.map((node) => node.request('owners')))
    const view = JSON.stringify(views[0])
    const settled =
      views.every((v) => JSON.stringify(v) === view) &&
      !views[0].includes(null) &&
      nodes.every((node) => views[0].includes(node.id))
    if (!settled || view !== last) stableSince = Date.now()
    else if (Date.now() - stableSince >= 1000) return
    last = view
    if (Date.now() > until)
      throw new Error(`lock slot owners not settled after ${OWNERS_STABLE_WITHIN_MS / 1000} s: ${view}`)
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}
