// One table of a scenario: a client child per contestant (kept for the whole scenario),
// prepare the server, run interleaved rounds, and reduce the samples to median rows.
import { runInterleaved } from './rounds.mjs'
import { median, spread } from './stats.mjs'

export const BUCKET = 'bench'
const WARMUP_CONCURRENCY = 16

/**
 * Measures one workload. `entries` are {label, sdk, server, baseline?, error?}; `objects`
 * are the {key, size} the servers must hold first (GET); `warmupScale` lengthens the warm-up
 * (for a scenario's first table, when client and server are still cold). Returns {rows, load}:
 * rows for table.mjs, and the other processes' CPU during the kept rounds (load.mjs).
 */
export async function measureSection(ctx, { entries, spec, objects = [], warmupScale = 1 }) {
  const { options } = ctx
  const contestants = await Promise.all(entries.map((entry) => attachClient(ctx, entry)))
  await prepareServers(contestants, objects)
  ctx.log(`  ${describeSpec(spec)}: ${contestants.map((c) => c.label).join(' / ')}`)
  const { results, load } = await runInterleaved({
    contestants,
    spec: { bucket: BUCKET, ...spec, durationMs: options.durationMs, maxOps: options.maxOps },
    rounds: options.rounds,
    // --quick is a smoke test: a short wait for quiet, so sustained load costs it little.
    quietMs: options.quick ? 1000 : 3000,
    warmup: {
      durationMs: options.warmupMs * warmupScale,
      maxOps: options.warmupOps * warmupScale,
      // JIT warm-up wants operations, not concurrency: at concurrency 1 a slow server would
      // let only a few hundred through in the warm-up time.
      concurrency: Math.max(spec.concurrency, WARMUP_CONCURRENCY),
    },
    log: ctx.log,
  })
  return { rows: addRatios(contestants.map((c, i) => summarize(c, results[i]))), load }
}

async function attachClient(ctx, entry) {
  if (entry.error) return { ...entry }
  try {
    return { ...entry, client: await ctx.client(entry.sdk, entry.server, entry.processes) }
  } catch (error) {
    return { ...entry, error: `could not start: ${error.message}` }
  }
}

/** Creates the bucket and the objects once per server, through a peer client when there is one. */
async function prepareServers(contestants, objects) {
  for (const server of new Set(contestants.filter((c) => c.client).map((c) => c.server))) {
    if (server.kind === 'loopback') continue
    const mine = contestants.filter((c) => c.client && c.server === server)
    const preparer = mine.find((c) => c.baseline) ?? mine.find((c) => c.sdk !== 'silo') ?? mine[0]
    const missing = objects.filter((o) => !server.prepared.has(o.key))
    const makeBucket = !server.prepared.has(BUCKET)
    if (!makeBucket && missing.length === 0) continue
    try {
      await preparer.client.prepare({ bucket: BUCKET, makeBucket, objects: missing })
      for (const key of [BUCKET, ...missing.map((o) => o.key)]) server.prepared.add(key)
    } catch (error) {
      for (const c of mine) c.error = `preparing ${server.label} failed: ${error.message}`
    }
  }
}

function summarize(contestant, { samples, error }) {
  const pick = (field) => samples.map((s) => s[field])
  return {
    label: contestant.label,
    baseline: Boolean(contestant.baseline),
    error,
    rounds: samples.length,
    opsPerSec: median(pick('opsPerSec')),
    opsSpread: spread(pick('opsPerSec')),
    mibPerSec: median(pick('mibPerSec')),
    clientUs: median(pick('clientUs')),
    serverUs: median(pick('serverUs')),
    p50Ms: median(pick('p50Ms')),
    p99Ms: median(pick('p99Ms')),
    clientRss: Math.max(...pick('clientRss')),
    serverRss: Math.max(...pick('serverRss')),
  }
}

function addRatios(rows) {
  const base = rows.find((r) => r.baseline && !r.error)
  for (const row of rows) {
    row.ratio = base ? row.opsPerSec / base.opsPerSec : Number.NaN
    // How many times this row's server CPU per op the baseline spends (> 1: this server is leaner).
    row.cpuRatio = base ? base.serverUs / row.serverUs : Number.NaN
  }
  return rows
}

function describeSpec(spec) {
  return `${spec.op.toUpperCase()} ${formatSize(spec.size)} c${spec.concurrency}`
}

/** "1 KiB", "1 MiB", "128 MiB", or bytes. */
export function formatSize(bytes) {
  if (bytes >= 1048576 && bytes % 1048576 === 0) return `${bytes / 1048576} MiB`
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KiB`
  return `${bytes} B`
}
