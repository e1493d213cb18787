// What the durable event queue costs a PUT. On one drive (this server) a PUT's event is
// committed with the object in the drive's outbox and written to its target's queue after the
// commit, the answer not waiting for that write (docs/events.md, "The outbox"); the queue write
// still takes CPU and disk time beside the next requests. One server, three buckets, PUTs
// interleaved request by request so a busy machine slows all three alike:
//   plain   no rules: no event at all
//   tmpfs   → a target whose queueDir is on tmpfs (/dev/shm): the queue write is fsync free
//   drive   → a target with the default queue, on the data drive (O_DSYNC append)
// The targets are down (nothing listens), so delivery takes no CPU; queues only grow.
// Run alone: `node bench/scenarios/events-enqueue-cost.mjs` (needs `npm run build`).
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { join } from 'node:path'
import { isSiloServerBuilt } from '../lib/paths.mjs'
import { median } from '../lib/stats.mjs'
import { percentile, startSilo } from './events-common.mjs'

const SIZE = 1024
const WARMUP = 200
const SAMPLES = Number(process.env.SILO_BENCH_ENQUEUE_SAMPLES || 1500)
const CONCURRENCY = 16
const BLOCK = 300
const BLOCKS = 4
const BUCKETS = ['plain', 'tmpfs', 'drive']

async function closedPort() {
  const probe = createServer()
  await new Promise((resolve) => probe.listen(0, '127.0.0.1', resolve))
  const { port } = probe.address()
  await new Promise((resolve) => probe.close(resolve))
  return port
}

async function setRule(client, bucket, arn) {
  await client.setBucketNotification(bucket, {
    QueueConfiguration: [{ Queue: arn, Event: ['s3:ObjectCreated:*'] }],
  })
}

async function measure(log) {
  const shm = mkdtempSync(join(existsSync('/dev/shm') ? '/dev/shm' : '/tmp', 'silo-bench-enqueue-'))
  const endpoint = `http://127.0.0.1:${await closedPort()}/`
  const notify = {
    webhook: {
      drive: { enable: true, endpoint },
      tmpfs: { enable: true, endpoint, queueDir: shm },
    },
  }
  const silo = await startSilo(notify)
  try {
    for (const bucket of BUCKETS) await silo.client.makeBucket(bucket)
    await setRule(silo.client, 'drive', 'arn:silo:sqs::drive:webhook')
    await setRule(silo.client, 'tmpfs', 'arn:silo:sqs::tmpfs:webhook')
    const body = Buffer.alloc(SIZE, 0x61)
    const times = Object.fromEntries(BUCKETS.map((b) => [b, []]))
    for (let i = 0; i < WARMUP + SAMPLES; i++) {
      // Rotate which bucket goes first, so none always follows the same neighbour.
      for (let j = 0; j < BUCKETS.length; j++) {
        const bucket = BUCKETS[(i + j) % BUCKETS.length]
        const start = process.hrtime.bigint()
        await silo.client.putObject(bucket, `s${i}`, body, SIZE)
        if (i >= WARMUP) times[bucket].push(Number(process.hrtime.bigint() - start) / 1000)
      }
    }
    // Concurrent: blocks of BLOCK PUTs per bucket, rotated BLOCKS times; the queue's group
    // commit shares one fdatasync among the events that arrive while the previous one runs.
    const seconds = Object.fromEntries(BUCKETS.map((b) => [b, 0]))
    for (let round = 0; round < BLOCKS; round++) {
      for (const bucket of BUCKETS) {
        let next = 0
        const start = performance.now()
        await Promise.all(
          Array.from({ length: CONCURRENCY }, async () => {
            for (let i = next++; i < BLOCK; i = next++)
              await silo.client.putObject(bucket, `c${round}-${i}`, body, SIZE)
          }),
        )
        seconds[bucket] += (performance.now() - start) / 1000
      }
    }
    return BUCKETS.map((bucket) => {
      const row = {
        bucket,
        p50: percentile(times[bucket], 0.5),
        p99: percentile(times[bucket], 0.99),
        mean: times[bucket].reduce((a, b) => a + b, 0) / times[bucket].length,
        putsPerSec: (BLOCK * BLOCKS) / seconds[bucket],
      }
      log(
        `  ${bucket}: p50 ${row.p50.toFixed(0)} µs, p99 ${row.p99.toFixed(0)} µs, ${row.putsPerSec.toFixed(0)} PUT/s at ${CONCURRENCY}`,
      )
      return row
    })
  } finally {
    await silo.stop()
    rmSync(shm, { recursive: true, force: true })
  }
}

const LABELS = {
  plain: 'bucket without rules (no event)',
  tmpfs: 'event queued on tmpfs (outbox, then an append without sync)',
  drive: 'event queued on the data drive (default: outbox, then O_DSYNC append)',
}

function rowsOf(rows) {
  const plain = rows.find((r) => r.bucket === 'plain')
  return rows.map((r) => ({
    label: LABELS[r.bucket],
    p50: r.p50,
    p99: r.p99,
    addedP50: r.p50 - plain.p50,
    putsPerSec: r.putsPerSec,
  }))
}

export default {
  name: 'events-enqueue-cost',
  title: 'Bucket events: what the durable enqueue costs a PUT',
  description: `${SIZE} B PUTs against one in-process Silo server, three buckets interleaved request by request (${SAMPLES} sequential PUTs each), then ${BLOCKS} rotated blocks of ${BLOCK} PUTs per bucket at concurrency ${CONCURRENCY}. Targets are down, so only the enqueue is measured.`,
  async run(ctx) {
    if (!isSiloServerBuilt()) throw new Error('dist/ is not built (run `npm run build`)')
    const rows = rowsOf(await measure(ctx.log))
    const columns = [
      { key: 'label', header: 'PUT', align: 'left' },
      { key: 'p50', header: 'p50 µs', format: 'number' },
      { key: 'p99', header: 'p99 µs', format: 'number' },
      { key: 'addedP50', header: 'added p50 µs', format: 'number' },
      { key: 'putsPerSec', header: `PUT/s at ${CONCURRENCY}`, format: 'count' },
    ]
    return { sections: [{ heading: null, columns, rows, goals: [] }], goals: [] }
  },
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rounds = Number(process.env.SILO_BENCH_EVENTS_ROUNDS || 1)
  const all = []
  for (let i = 0; i < rounds; i++) all.push(rowsOf(await measure((m) => console.error(m))))
  for (const [i, label] of all[0].map((r) => r.label).entries()) {
    const pick = (key) => median(all.map((rows) => rows[i][key]))
    console.log(
      `${label}: p50 ${pick('p50').toFixed(0)} µs (+${pick('addedP50').toFixed(0)}), p99 ${pick('p99').toFixed(0)} µs, ${pick('putsPerSec').toFixed(0)} PUT/s at ${CONCURRENCY}`,
    )
  }
  process.exit(0)
}
