// Distributed mode (issue 17) on this one machine: a 4-server Silo cluster (4 drives each, a
// 3-member etcd) against one erasure server over the same 16 drives, each server in its own child
// process, all drive folders on the same disk; then the lock round trips a write pays: a lock slot
// the node owns, one another node owns (the HTTP peer API), and etcd's own lock for comparison.

import { mkdirSync, rmSync } from 'node:fs'
import os from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { measureBigTransfers, transferColumns } from '../lib/big-transfers.mjs'
import { bundleClusterLocks, startLockNodes, startSiloCluster } from '../lib/cluster.mjs'
import { serverColumns } from '../lib/columns.mjs'
import { startEtcd } from '../lib/etcd.mjs'
import { checkRatioGoal } from '../lib/goals.mjs'
import { createLoadTracker } from '../lib/load.mjs'
import {
  describePath,
  isSiloSdkBuilt,
  isSiloServerBuilt,
  siloSdkEntry,
  siloServerEntry,
} from '../lib/paths.mjs'
import { readCpuMicros } from '../lib/proc.mjs'
import { measureSection } from '../lib/section.mjs'
import { startServer } from '../lib/servers.mjs'
import { median, spread } from '../lib/stats.mjs'
import { createTempFolder } from '../lib/temp-root.mjs'

const SERVERS = 4
const DRIVES_PER_SERVER = 4
const DRIVES = SERVERS * DRIVES_PER_SERVER
const ETCD_MEMBERS = 3
const BIG_BUCKET = 'bench-cluster'
const ACCESS_KEY = 'benchadmin'
const SECRET_KEY = 'benchadmin-secret'
const LOAD_PROCESSES = 2
const SIZE = 1024
// Issue 17's goal, cluster ÷ one erasure server on the same drives: 1 GiB PUT and GET, each.
const BIG_GOAL = 0.7
// The lock nodes: two is enough for "a slot this node owns" and "a slot the other owns".
const LOCK_NODES = 2
const LOCK_DEPLOYMENT = 'bench-locks'
// Distinct lock names per path, cycled: far more than the workers, so none waits on another.
const LOCK_NAMES = 1024

const sizes = (quick) => ({
  objectMiB: Number(process.env.SILO_BENCH_CLUSTER_MIB || (quick ? 128 : 1024)),
})

export default {
  name: 'cluster',
  title: 'Distributed mode: a 4-server cluster against one server, and lock round trips',
  description: `A Silo cluster of ${SERVERS} servers with ${DRIVES_PER_SERVER} drives each (one erasure set of ${DRIVES}, EC 8+8; a ${ETCD_MEMBERS}-member etcd) against one Silo server over ${DRIVES} drives (EC 8+8), every server from packages/silo-server/dist in its own process, all drive folders and etcd's data on the same disk, so the figures are distribution's cost, not more hardware: 1 KiB PUT and GET at concurrency 16 from the signed load generator (${LOAD_PROCESSES} processes; against the cluster each request goes to the next server in turn), and PUT and GET of one big object (1 GiB; 128 MiB with --quick) through the Silo SDK (the cluster's PUT through server r mod 4 and GET through server r+1 mod 4 in round r), interleaved rounds; the cluster's server CPU is the sum over its ${SERVERS} processes (etcd not included). Then the lock round trip: ${LOCK_NODES} lock nodes, each a child process running the servers' Coordinator and DistributedLocks (bundled from src/) with the HTTP lock transport and the peer API's handler on node:http, joined to the same etcd; node 1 times acquire + release of distinct object-lock names whose slot it owns (no network), whose slot node 2 owns (a signed POST /silo/peer/v1/lock; the release is a second POST the acquirer does not wait for, as a server's commit does not, but a run ends only once every release was answered), and etcd3's lock (lease grant + put, release revokes the lease, awaited), at concurrency 1 (p50, p99) and 16 (ops/s: what the lock path alone allows, a PUT taking two locks: the bucket's gate, shared, and the object's).`,
  async run(ctx) {
    const { objectMiB } = sizes(ctx.options.quick)
    if (!isSiloServerBuilt() || !isSiloSdkBuilt()) {
      const missing = `${describePath(isSiloServerBuilt() ? siloSdkEntry() : siloServerEntry())} not built (run \`npm run build\`)`
      throw new Error(missing)
    }
    const { Client } = await import(pathToFileURL(siloSdkEntry()).href)
    const root = createTempFolder(os.tmpdir(), 'silo-bench-cluster-')
    // Torn down in reverse order whatever happens: servers and lock nodes, then etcd, then the folder.
    const stops = []
    try {
      const etcd = await startEtcd({ members: ETCD_MEMBERS, dir: join(root, 'etcd') })
      stops.push(() => etcd.stop())
      ctx.log(`  etcd: ${etcd.endpoints.join(', ')}`)
      const cluster = await startSiloCluster({
        kind: 'silo-cluster',
        servers: SERVERS,
        drivesPerServer: DRIVES_PER_SERVER,
        root: join(root, 'cluster'),
        etcd: etcd.endpoints,
        accessKey: ACCESS_KEY,
        secretKey: SECRET_KEY,
      })
      stops.push(() => cluster.stop())
      const drives = Array.from({ length: DRIVES }, (_, i) => join(root, 'single', `d${i + 1}`))
      for (const drive of drives) mkdirSync(drive, { recursive: true })
      const single = await startServer('silo', root, { dir: drives })
      stops.push(() => single.stop())
      ctx.log(
        `  cluster on ports ${cluster.endpoints.map((e) => e.port).join(', ')}; one server on ${single.port}`,
      )

      const entries = [
        { label: `Cluster: ${SERVERS} servers × ${DRIVES_PER_SERVER} drives`, server: cluster },
        { label: `One server, ${DRIVES} drives`, server: single, baseline: true },
      ]
      const sections = []
      for (const [i, op] of ['put', 'get'].entries()) {
        const keys = Array.from({ length: 8 }, (_, n) => `get/${SIZE}/${n}`)
        const { rows, load } = await measureSection(ctx, {
          entries: entries.map(({ label, server, baseline }) => ({
            label,
            server,
            baseline,
            sdk: 'signed',
            processes: LOAD_PROCESSES,
          })),
          spec: { op, size: SIZE, concurrency: 16, keys, keyPrefix: `put/${SIZE}` },
          objects: op === 'put' ? [] : keys.map((key) => ({ key, size: SIZE })),
          warmupScale: i === 0 ? 2 : 1,
        })
        sections.push({
          heading: `${op.toUpperCase()} 1 KiB, concurrency 16 (signed raw-HTTP load generator, ${LOAD_PROCESSES} processes)`,
          columns: serverColumns().map((c) =>
            c.key === 'ratio'
              ? { ...c, header: '× one server' }
              : c.key === 'cpuRatio'
                ? { ...c, header: 'one server µs ÷ this' }
                : c,
          ),
          rows,
          load,
          notes: ['Server µs/op and peak RSS of the cluster: the sum over its 4 server processes.'],
        })
      }

      const transfers = await measureTransfers(ctx, entries, objectMiB, Client)
      const [clustered] = transfers
      const transferGoals = ['put', 'get'].map((op) =>
        checkRatioGoal({
          goal: `cluster 1 GiB ${op.toUpperCase()} ≥ ${BIG_GOAL}× one server on the same ${DRIVES} drives`,
          where: 'cluster',
          ratio: clustered[`${op}Ratio`],
          target: BIG_GOAL,
          detail: `${clustered[`${op}MibPerSec`].toFixed(0)} MiB/s`,
        }),
      )
      sections.push({
        heading: `PUT and GET of ${objectMiB.toLocaleString('en-US')} MiB (Silo SDK)`,
        columns: transferColumns('deployment', 'one server'),
        rows: transfers,
        load: transfers.load,
        goals: transferGoals,
      })

      // The servers idle from here on; stopped, they cannot tilt the lock figures.
      await cluster.stop()
      await single.stop()
      const module = await bundleClusterLocks()
      const nodes = await startLockNodes({
        module,
        etcd: etcd.endpoints,
        count: LOCK_NODES,
        deploymentId: LOCK_DEPLOYMENT,
        secretKey: SECRET_KEY,
      })
      stops.push(() => Promise.all(nodes.map((node) => node.stop())))
      const locks = await measureLocks(ctx, nodes, etcd)
      sections.push({
        heading: 'Lock round trip: acquire + release, distinct object-lock names',
        columns: [
          { key: 'label', header: 'lock', align: 'left' },
          { key: 'p50Us', header: 'p50 µs (c1)', format: 'number' },
          { key: 'p99Us', header: 'p99 µs (c1)', format: 'number' },
          { key: 'c1OpsPerSec', header: 'ops/s c1', format: 'count' },
          { key: 'opsPerSec', header: 'ops/s c16', format: 'count' },
          { key: 'opsSpread', header: 'spread', format: 'percent' },
          { key: 'ratio', header: '× own slot (c16)', format: 'ratio' },
          { key: 'c16P99Us', header: 'p99 µs (c16)', format: 'number' },
          { key: 'cpuUs', header: 'CPU µs/op (c16)', format: 'number' },
        ],
        rows: locks,
        load: locks.load,
        notes: [
          `Timed in lock node 1; CPU µs/op: both lock nodes' processes and the ${ETCD_MEMBERS} etcd members', per lock at concurrency 16. A PUT takes two locks (the bucket's gate, shared, then the object's), so ops/s c16 bounds small PUTs/s at about half of it.`,
        ],
      })
      return {
        subtitle: `each server, lock node and etcd member in its own process; ${os.cpus().length} cores; drives and etcd data are folders on one disk`,
        sections,
        goals: transferGoals,
      }
    } finally {
      for (const stop of stops.reverse()) {
        await stop().catch((error) => ctx.log(`  cluster teardown: ${error.message}`))
      }
      rmSync(root, { recursive: true, force: true })
    }
  },
}

/**
 * Up to 3 interleaved rounds (cluster, one server, ...) of one PUT and one GET of `objectMiB`
 * through the Silo SDK; the cluster's PUT goes to server r mod 4 and its GET to the next one.
 */
async function measureTransfers(ctx, entries, objectMiB, Client) {
  const clients = new Map(
    entries.map((entry) => [
      entry,
      entry.server.endpoints.map(
        ({ host, port }) =>
          new Client({ endPoint: host, port, useSSL: false, accessKey: ACCESS_KEY, secretKey: SECRET_KEY }),
      ),
    ]),
  )
  for (const list of clients.values()) await list[0].makeBucket(BIG_BUCKET)
  const clientsOf = (entry, round) => {
    const list = clients.get(entry)
    return { writer: list[round % list.length], reader: list[(round + 1) % list.length] }
  }
  return measureBigTransfers(ctx, { entries, objectMiB, bucket: BIG_BUCKET, clientsOf })
}

/**
 * Lock node 1 takes and gives back locks on each path at concurrency 1 and 16, after one warm-up
 * pass, in interleaved rounds (own slot, other node's slot, etcd; repeated beside a burst).
 */
async function measureLocks(ctx, nodes, etcd) {
  const [timer, other] = nodes
  const { options } = ctx
  const paths = [
    {
      label: 'slot owned by this node (in process, no network)',
      path: 'slots',
      names: await timer.request('names', { owner: timer.id, count: LOCK_NAMES, prefix: 'own' }),
    },
    {
      label: 'slot owned by the other node (HTTP peer API, signed)',
      path: 'slots',
      names: await timer.request('names', { owner: other.id, count: LOCK_NAMES, prefix: 'other' }),
    },
    {
      label: `etcd lock (etcd3 client, ${ETCD_MEMBERS} members)`,
      path: 'etcd',
      names: Array.from({ length: LOCK_NAMES }, (_, i) => `bench-etcd-lock/${String(i).padStart(7, '0')}`),
    },
  ]
  const pids = [...nodes.map((node) => node.pid), ...etcd.pids]
  const cpuMicros = () => pids.reduce((sum, pid) => sum + readCpuMicros(pid), 0)
  const runOnce = async ({ path, names }, concurrency, durationMs, maxOps) => {
    // The previous run's leftovers (GC, etcd's lease revocations) run in this same process tree,
    // which the load probe does not count as other work: wait for them to end.
    await waitUntilIdle(cpuMicros)
    const before = cpuMicros()
    const run = await timer.request('run', { path, names, concurrency, durationMs, maxOps })
    const cpuUs = (cpuMicros() - before) / run.ops
    return { ...run, opsPerSec: run.ops / (run.elapsedMs / 1000), cpuUs }
  }
  ctx.log(`  lock round trips: ${paths.map((p) => p.label).join(' / ')}`)
  // Warm-up by time alone: a lock costs microseconds, so the op cap of the other tables'
  // warm-ups would leave the HTTP path cold.
  for (const p of paths) {
    for (const concurrency of [1, 16]) await runOnce(p, concurrency, options.warmupMs, options.maxOps)
  }
  const samples = paths.map(() => ({ c1: [], c16: [] }))
  const tracker = createLoadTracker({
    budget: Math.max(2, options.rounds),
    log: ctx.log,
    quietMs: options.quick ? 1000 : 3000,
  })
  for (let round = 0; round < options.rounds; round++) {
    const measured = await tracker.round(async () => {
      const values = []
      for (const p of paths) {
        values.push({
          c1: await runOnce(p, 1, options.durationMs, options.maxOps),
          c16: await runOnce(p, 16, options.durationMs, options.maxOps),
        })
      }
      return values
    })
    for (const [i, value] of measured.entries()) {
      samples[i].c1.push(value.c1)
      samples[i].c16.push(value.c16)
    }
  }
  const pick = (list, field) => median(list.map((s) => s[field]))
  const rows = paths.map(({ label }, i) => {
    const { c1, c16 } = samples[i]
    return {
      label,
      p50Us: pick(c1, 'p50Us'),
      p99Us: pick(c1, 'p99Us'),
      c1OpsPerSec: pick(c1, 'opsPerSec'),
      opsPerSec: pick(c16, 'opsPerSec'),
      opsSpread: spread(c16.map((s) => s.opsPerSec)),
      c16P99Us: pick(c16, 'p99Us'),
      cpuUs: pick(c16, 'cpuUs'),
    }
  })
  for (const row of rows) row.ratio = row.opsPerSec / rows[0].opsPerSec
  rows.load = tracker.summary()
  return rows
}

/**
 * Waits until `cpuMicros()` (processes of the bench's own tree) grows by at most 0.15 cores over
 * 250 ms (idle etcd members' heartbeats stay under it), for at most 3 s.
 */
async function waitUntilIdle(cpuMicros, { windowMs = 250, cores = 0.15, maxMs = 3000 } = {}) {
  const deadline = performance.now() + maxMs
  while (performance.now() < deadline) {
    const before = cpuMicros()
    await new Promise((resolve) => setTimeout(resolve, windowMs))
    if (cpuMicros() - before <= cores * windowMs * 1000) return
  }
}
