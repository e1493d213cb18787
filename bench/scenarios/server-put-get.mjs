import { serverColumns } from '../lib/columns.mjs'
import { measureFdatasync } from '../lib/fdatasync.mjs'
import { checkRatioGoal, checkServerSpeedGoal } from '../lib/goals.mjs'
import { measureSection } from '../lib/section.mjs'
import { median } from '../lib/stats.mjs'

// One load generator for both servers: SigV4-signed raw-socket HTTP/1.1 requests with the
// per-day, per-second and per-body work precomputed (bench/lib/signed-http.mjs), in
// LOAD_PROCESSES child processes, so the client spends a fraction of the server's CPU and the
// server, not the client, caps ops/s.
const CLIENT_SDK = 'signed'
const LOAD_PROCESSES = 2
const SIZE = 1024

export default {
  name: 'server-put-get',
  title: 'Small PUT / GET / HEAD: servers compared, and PUT c1 against its floor',
  description:
    'The same 1 KiB PUT, GET and HEAD load from the same lean load generator (SigV4-signed keep-alive HTTP/1.1 on raw sockets, in 2 child processes that split the workers) against the Silo server and s3rver, each in its own process on its own temporary folder; then the latency of one durable 1 KiB PUT at a time against its floor: 2 fdatasyncs on the data drive plus the same signed PUT answered by a bare node:http server.',
  async run(ctx) {
    const s3rver = await ctx.server('s3rver')
    const entries = [
      await siloEntry(ctx, s3rver),
      { label: 's3rver', sdk: CLIENT_SDK, processes: LOAD_PROCESSES, server: s3rver, baseline: true },
    ]
    const sections = []
    const goals = []
    for (const op of ['put', 'get', 'head']) {
      for (const [i, concurrency] of [1, 16].entries()) {
        const where = `${op.toUpperCase()} 1 KiB, concurrency ${concurrency}`
        const keys = Array.from({ length: 8 }, (_, n) => `get/${SIZE}/${n}`)
        const { rows, load } = await measureSection(ctx, {
          entries,
          spec: { op, size: SIZE, concurrency, keys, keyPrefix: `put/${SIZE}` },
          objects: op === 'put' ? [] : keys.map((key) => ({ key, size: SIZE })),
          warmupScale: i === 0 && op === 'put' ? 2 : 1,
        })
        const sectionGoals = [checkServerSpeedGoal(rows, where, op, concurrency)].filter(Boolean)
        goals.push(...sectionGoals)
        sections.push({ heading: where, columns: serverColumns(), rows, load, goals: sectionGoals })
      }
    }
    const floor = await measureFloor(ctx, entries[0])
    goals.push(...floor.goals)
    sections.push(floor)
    return {
      subtitle: `client: SigV4-signed raw-socket HTTP/1.1 load generator in ${LOAD_PROCESSES} processes, keep-alive`,
      sections,
      goals,
    }
  },
}

/**
 * PUT 1 KiB at concurrency 1: Silo's latency against the same request answered by a bare
 * node:http server (reads the body, answers 200) in interleaved rounds, with fdatasync timed on
 * the servers' file system before and after them.
 */
async function measureFloor(ctx, silo) {
  const where = 'PUT 1 KiB, concurrency 1, p50 latency'
  const loopback = await ctx.server('loopback')
  const syncs = [measureFdatasync(ctx.tmpRoot)]
  const { rows, load } = await measureSection(ctx, {
    entries: [
      { ...silo, baseline: false },
      { label: 'bare HTTP round trip (node:http answers the same PUT)', sdk: CLIENT_SDK, server: loopback },
    ],
    spec: { op: 'put', size: SIZE, concurrency: 1, keys: [], keyPrefix: 'floor' },
  })
  syncs.push(measureFdatasync(ctx.tmpRoot))
  // The floor's fdatasync is the one that grows the file (a commit of a growing store); the
  // in-place one is shown for reference.
  const fdatasyncMs = median(syncs.map((s) => s.append.p50Ms))
  const [siloRow, bare] = rows
  const floorMs = 2 * fdatasyncMs + bare.p50Ms
  const floorRows = [
    ...rows,
    {
      label: 'fdatasync after appending a 4 KiB page (the file grows) on the data drive',
      p50Ms: fdatasyncMs,
      p99Ms: median(syncs.map((s) => s.append.p99Ms)),
    },
    {
      label: 'fdatasync after rewriting a 4 KiB page in place (reference)',
      p50Ms: median(syncs.map((s) => s.inPlace.p50Ms)),
      p99Ms: median(syncs.map((s) => s.inPlace.p99Ms)),
    },
    { label: 'floor: 2 × fdatasync (appending) + bare round trip', p50Ms: floorMs },
  ]
  for (const row of floorRows) row.ratio = row.p50Ms / floorMs
  const goal = checkRatioGoal({
    goal: 'Silo 1 KiB PUT c1 ≤ 2 fdatasyncs + a bare HTTP round trip (p50)',
    where,
    ratio: siloRow.error ? Number.NaN : siloRow.p50Ms / floorMs,
    target: 1,
    atMost: true,
    detail:
      siloRow.error ??
      `${siloRow.p50Ms.toFixed(2)} ms against ${floorMs.toFixed(2)} ms = 2 × ${fdatasyncMs.toFixed(2)} + ${bare.p50Ms.toFixed(2)}`,
  })
  return {
    heading: where,
    columns: [
      { key: 'label', header: 'what', align: 'left' },
      { key: 'p50Ms', header: 'p50 ms', format: 'number' },
      { key: 'p99Ms', header: 'p99 ms', format: 'number' },
      { key: 'ratio', header: '× floor (p50)', format: 'ratio' },
      { key: 'opsPerSec', header: 'ops/s', format: 'count' },
      { key: 'serverUs', header: 'server µs/op', format: 'number' },
    ],
    rows: floorRows,
    load,
    goals: [goal],
  }
}

/** The Silo row, or an error row (on a placeholder server) when it is not built or fails to start. */
async function siloEntry(ctx, placeholder) {
  const label = 'Silo server'
  if (!ctx.isServerAvailable('silo')) return { label, server: placeholder, error: ctx.serverMissing('silo') }
  try {
    return { label, sdk: CLIENT_SDK, processes: LOAD_PROCESSES, server: await ctx.server('silo') }
  } catch (error) {
    return { label, server: placeholder, error: `did not start: ${error.message}` }
  }
}
