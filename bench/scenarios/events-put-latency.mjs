// PUT latency with 0, 1 and 3 event targets configured: what the event pipeline costs the
// request path. Every event is durable before the answer: on one drive (this server) in the
// drive's outbox, committed with the object, then queued (docs/events.md, "The outbox"); the
// delivery to the webhook sinks, in this process too, shares its thread. Run alone:
// `node bench/scenarios/events-put-latency.mjs` (needs `npm run build`).

import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createLoadTracker } from '../lib/load.mjs'
import { isSiloServerBuilt } from '../lib/paths.mjs'
import { median } from '../lib/stats.mjs'
import { percentile, setRules, startSilo, startSink } from './events-common.mjs'

const SIZE = 1024
const FULL = { warmup: 300, samples: 1500, concurrentPuts: 3000 }
// --quick: a smoke test of the harness, one round of a fifth of the PUTs.
const QUICK = { warmup: 60, samples: 300, concurrentPuts: 600 }
const CONCURRENCY = 16
/** Sequential PUTs one configuration makes before the next takes its turn. */
const BLOCK = 50
const ROUNDS = Number(process.env.SILO_BENCH_EVENTS_ROUNDS || 3)

/** The configurations compared; every PUT matches a rule except in the first. */
const CONFIGS = [
  { label: '0 targets', targets: 0 },
  { label: '1 webhook target (default queue: durable, on the data drive)', targets: 1 },
  { label: '3 webhook targets (default queues; disjoint prefixes, each PUT to one)', targets: 3 },
  { label: '1 webhook target with queueDir (a folder of its own)', targets: 1, queueDir: true },
]

/** Starts the server of one configuration, its bucket watched as the configuration says. */
async function startConfig(config, sinks) {
  const notify = { webhook: {} }
  for (let i = 0; i < config.targets; i++)
    notify.webhook[String(i + 1)] = { enable: true, endpoint: sinks[i].url }
  // Set before start: targets read their parameters when the server starts.
  const queueDir = config.queueDir ? mkdtempSync(join(tmpdir(), 'silo-bench-queue-')) : undefined
  if (queueDir) notify.webhook['1'].queueDir = queueDir
  const silo = await startSilo(config.targets ? notify : undefined)
  const bucket = 'latency'
  await silo.client.makeBucket(bucket)
  const arns = Array.from({ length: config.targets }, (_, i) => `arn:silo:sqs::${i + 1}:webhook`)
  const prefixes = arns.map((_, i) => (config.targets > 1 ? `t${i}/` : ''))
  if (arns.length) await setRules(silo.client, bucket, arns, prefixes)
  let n = 0
  const body = Buffer.alloc(SIZE, 0x61)
  return {
    /** One PUT; every PUT matches a rule (one target's, in turn) except with no targets. */
    put(tag) {
      const i = n++
      const key = `${prefixes[i % Math.max(1, prefixes.length)] ?? ''}${tag}${i}`
      return silo.client.putObject(bucket, key, body, SIZE)
    },
    async stop() {
      await silo.stop()
      if (queueDir) rmSync(queueDir, { recursive: true, force: true })
    },
  }
}

/**
 * One round: every configuration's server runs side by side, and they take turns in blocks of
 * BLOCK sequential PUTs (rotated), so a burst of other work on the machine falls on all of them
 * alike instead of on whichever configuration ran then; then CONCURRENCY-wide PUTs, one
 * configuration after the other.
 */
async function measureRound(sinks, { warmup, samples, concurrentPuts }) {
  const servers = []
  try {
    for (const config of CONFIGS) servers.push(await startConfig(config, sinks))
    for (const server of servers) for (let i = 0; i < warmup; i++) await server.put('w')
    const times = servers.map(() => [])
    for (let block = 0; block * BLOCK < samples; block++) {
      for (let j = 0; j < servers.length; j++) {
        const at = (j + block) % servers.length
        for (let i = 0; i < BLOCK; i++) {
          const start = process.hrtime.bigint()
          await servers[at].put('k')
          times[at].push(Number(process.hrtime.bigint() - start) / 1000)
        }
      }
    }
    // Concurrent PUTs: the queue's group commit shares one fdatasync among the events that
    // arrive while the previous one runs.
    const putsPerSec = []
    for (const server of servers) {
      let next = 0
      const start = performance.now()
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          for (let i = next++; i < concurrentPuts; i = next++) await server.put('c')
        }),
      )
      putsPerSec.push(concurrentPuts / ((performance.now() - start) / 1000))
    }
    return servers.map((_, i) => ({
      p50: percentile(times[i], 0.5),
      p99: percentile(times[i], 0.99),
      putsPerSec: putsPerSec[i],
    }))
  } finally {
    for (const server of servers) await server.stop()
  }
}

async function measureAll(log = () => {}, tracker = createLoadTracker({ log }), quick = false) {
  const sizes = quick ? QUICK : FULL
  const rounds = quick ? 1 : ROUNDS
  const sinks = await Promise.all([0, 1, 2].map(() => startSink()))
  const results = CONFIGS.map(() => ({ p50: [], p99: [], putsPerSec: [] }))
  try {
    for (let round = 0; round < rounds; round++) {
      // A round (every configuration once) beside a burst of other work is repeated whole.
      const measured = await tracker.round(async () => {
        const values = await measureRound(sinks, sizes)
        for (const [i, value] of values.entries()) {
          log(
            `  round ${round + 1} ${CONFIGS[i].label}: p50 ${value.p50.toFixed(0)} µs, p99 ${value.p99.toFixed(0)} µs, ${value.putsPerSec.toFixed(0)} PUT/s at ${CONCURRENCY}`,
          )
        }
        return values
      })
      for (const [i, { p50, p99, putsPerSec }] of measured.entries()) {
        results[i].p50.push(p50)
        results[i].p99.push(p99)
        results[i].putsPerSec.push(putsPerSec)
      }
    }
  } finally {
    await Promise.all(sinks.map((s) => s.close()))
  }
  const base = median(results[0].p50)
  return CONFIGS.map((config, i) => ({
    label: config.label,
    p50: median(results[i].p50),
    p99: median(results[i].p99),
    ratio: median(results[i].p50) / base,
    putsPerSec: median(results[i].putsPerSec),
  }))
}

export default {
  name: 'events-put-latency',
  title: 'Bucket events: PUT latency with 0, 1 and 3 targets',
  description: `Sequential ${SIZE} B PUTs (Silo SDK, keep-alive) against in-process Silo servers, one per configuration, side by side, taking turns in blocks of ${BLOCK}; median over ${ROUNDS} rounds of p50/p99 of ${FULL.samples} PUTs each, then ${FULL.concurrentPuts} PUTs at concurrency ${CONCURRENCY} (--quick: one round of a fifth). Every event is durable before the PUT is answered (one drive: committed with the object in the drive's outbox, then queued).`,
  async run(ctx) {
    if (!isSiloServerBuilt()) throw new Error('dist/ is not built (run `npm run build`)')
    const tracker = createLoadTracker({ log: ctx.log })
    const rows = await measureAll(ctx.log, tracker, ctx.options.quick)
    // Issue 18: one target, its queue durable (the default), adds < 10% to PUT p50. The
    // 3-target and queueDir rows are context.
    const goal = {
      goal: 'PUT p50 with one event target (durable queue) < 1.10× none',
      where: '1 webhook target vs 0',
      measured: `${rows[1].ratio.toFixed(3)}× (${rows[1].p50.toFixed(0)} µs against ${rows[0].p50.toFixed(0)} µs; 3 targets ${rows[2].ratio.toFixed(3)}×)`,
      met: rows[1].ratio < 1.1,
    }
    const columns = [
      { key: 'label', header: 'configuration', align: 'left' },
      { key: 'p50', header: 'p50 µs', format: 'number' },
      { key: 'p99', header: 'p99 µs', format: 'number' },
      { key: 'ratio', header: '× 0 targets (p50)', format: 'ratio' },
      { key: 'putsPerSec', header: `PUT/s at ${CONCURRENCY}`, format: 'count' },
    ]
    const load = tracker.summary()
    return { sections: [{ heading: null, columns, rows, load, goals: [goal] }], goals: [goal] }
  },
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = await measureAll((m) => console.error(m))
  for (const r of rows)
    console.log(
      `${r.label}: p50 ${r.p50.toFixed(0)} µs, p99 ${r.p99.toFixed(0)} µs, ×${r.ratio.toFixed(3)}, ${r.putsPerSec.toFixed(0)} PUT/s at ${CONCURRENCY}`,
    )
  process.exit(0)
}
