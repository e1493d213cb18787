// Sustained delivery: events per second that reach redis and a webhook, both with queueDir
// (durable queue), while PUTs arrive at concurrency 16. Run alone:
// `node bench/scenarios/events-delivery.mjs` (needs `npm run build`; redis on 127.0.0.1:6379).
import { mkdtempSync, rmSync } from 'node:fs'
import { createConnection } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Redis } from 'ioredis'
import { isSiloServerBuilt } from '../lib/paths.mjs'
import { median } from '../lib/stats.mjs'
import { createSwitchableProxy, setRules, startSilo, startSink, waitFor } from './events-common.mjs'

const EVENTS = 3000
const CONCURRENCY = 16
const ROUNDS = Number(process.env.SILO_BENCH_EVENTS_ROUNDS || 3)

const redisUp = () =>
  new Promise((resolve) => {
    const s = createConnection(6379, '127.0.0.1')
    s.once('connect', () => resolve(s.destroy() || true))
    s.once('error', () => resolve(false))
  })

/**
 * One round for `kind`. `live`: PUTs run while the target is up, so delivery keeps pace with
 * the PUTs. `drain`: the target is unreachable while the PUTs run (events pile up in the
 * durable queue), then comes back; the rate is how fast the backlog is delivered.
 */
async function run(kind, mode, sink, redis) {
  const key = `silo-bench-events-${Date.now()}`
  const queueDir = mkdtempSync(join(tmpdir(), 'silo-bench-events-queue-'))
  const proxy = await createSwitchableProxy(kind === 'redis' ? 6379 : Number(new URL(sink.url).port))
  if (mode === 'live') await proxy.on()
  const params =
    kind === 'redis'
      ? { enable: true, format: 'access', address: `127.0.0.1:${proxy.port}`, key }
      : { enable: true, endpoint: `http://127.0.0.1:${proxy.port}/` }
  const server = await startSilo({ [kind]: { 1: { ...params, queueDir } } })
  const delivered = kind === 'redis' ? () => redis.llen(key) : () => sink.count
  const before = await delivered()
  try {
    await server.client.makeBucket('delivery')
    await setRules(server.client, 'delivery', [`arn:silo:sqs::1:${kind}`])
    const body = Buffer.from('x')
    let start = performance.now()
    let next = 0
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < EVENTS) await server.client.putObject('delivery', `k${next++}`, body, 1)
      }),
    )
    const putSeconds = (performance.now() - start) / 1000
    if (mode === 'drain') {
      await proxy.on()
      start = performance.now()
    }
    if (!(await waitFor(async () => (await delivered()) - before >= EVENTS)))
      throw new Error(`${kind}: not all events arrived`)
    const seconds = (performance.now() - start) / 1000
    return { eventsPerSec: EVENTS / seconds, putsPerSec: EVENTS / putSeconds }
  } finally {
    await server.stop()
    await proxy.off()
    if (kind === 'redis') await redis.del(key)
    rmSync(queueDir, { recursive: true, force: true })
  }
}

async function measureAll(log = () => {}) {
  const sink = await startSink()
  const kinds = (await redisUp()) ? ['redis', 'webhook'] : ['webhook']
  const redis = kinds.includes('redis') ? new Redis({ host: '127.0.0.1', port: 6379 }) : undefined
  const cases = kinds.flatMap((kind) => ['live', 'drain'].map((mode) => ({ kind, mode })))
  const samples = cases.map(() => ({ events: [], puts: [] }))
  try {
    for (let round = 0; round < ROUNDS; round++) {
      for (const [i, { kind, mode }] of cases.entries()) {
        const r = await run(kind, mode, sink, redis)
        samples[i].events.push(r.eventsPerSec)
        samples[i].puts.push(r.putsPerSec)
        log(
          `  round ${round + 1} ${kind} ${mode}: ${r.eventsPerSec.toFixed(0)} events/s delivered, PUTs ${r.putsPerSec.toFixed(0)}/s`,
        )
      }
    }
  } finally {
    await sink.close()
    redis?.disconnect()
  }
  return cases.map(({ kind, mode }, i) => ({
    label: `${kind} (queueDir), ${mode === 'live' ? 'while PUTs run' : 'backlog after an outage'}`,
    opsPerSec: median(samples[i].events),
    putsPerSec: median(samples[i].puts),
  }))
}

export default {
  name: 'events-delivery',
  title: 'Bucket events: sustained delivery with queueDir',
  description: `${EVENTS} PUTs at concurrency ${CONCURRENCY} against an in-process Silo server whose bucket sends every creation to one target with a durable queue; events/s = events delivered / time from the first PUT to the last delivery (median of ${ROUNDS} rounds).`,
  async run(ctx) {
    if (!isSiloServerBuilt()) throw new Error('dist/ is not built (run `npm run build`)')
    const rows = await measureAll(ctx.log)
    const columns = [
      { key: 'label', header: 'target', align: 'left' },
      { key: 'opsPerSec', header: 'events/s delivered', format: 'count' },
      { key: 'putsPerSec', header: 'PUT/s meanwhile', format: 'count' },
    ]
    return { sections: [{ heading: null, columns, rows, goals: [] }], goals: [] }
  },
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const r of await measureAll((m) => console.error(m)))
    console.log(
      `${r.label}: ${r.opsPerSec.toFixed(0)} events/s delivered (PUTs ${r.putsPerSec.toFixed(0)}/s)`,
    )
  process.exit(0)
}
