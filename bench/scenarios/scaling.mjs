// How the Silo server scales (issue 18): (1) 1 KiB PUT and GET from concurrency 1 to 64,
// ops/s and p99; (2) PUT, HEAD and LIST as one bucket grows to 1 M objects of 1 KiB, sampled at
// steps, with what the server does per PUT (CPU, bytes written, the metadata trees' depth) as
// the evidence for any step in the curve. Same lean load generator as server-put-get.
import { statfsSync } from 'node:fs'
import { readLmdbShape } from '../lib/lmdb-stats.mjs'
import { combineLoads, createLoadTracker } from '../lib/load.mjs'
import { readIo } from '../lib/proc.mjs'
import { measureSection } from '../lib/section.mjs'

const SIZE = 1024
const LOAD_PROCESSES = 2
const CONCURRENCIES = [1, 4, 16, 64]
const GROW_BUCKET = 'grow'
const FILL_CONCURRENCY = 32
// Steps of the default 1 M; another size scales them (SILO_BENCH_SCALE_OBJECTS, --quick). Dense
// between 40k and 150k, where a PUT step was seen before issue 18.
const STEPS = [
  0, 10_000, 20_000, 40_000, 60_000, 80_000, 100_000, 150_000, 200_000, 300_000, 500_000, 700_000, 1_000_000,
]
const HEAD_KEYS = 2048
const LIST_PAGE = 1000

/** The bucket's final size: SILO_BENCH_SCALE_OBJECTS, else 1 M (20k with --quick). */
export const growthSize = (quick) =>
  Number(process.env.SILO_BENCH_SCALE_OBJECTS || (quick ? 20_000 : 1_000_000))

/** The object counts measured at: STEPS scaled to `total`, without repeats. */
export function growthSteps(total) {
  return [...new Set(STEPS.map((step) => Math.round((step * total) / 1_000_000)))]
}

export default {
  name: 'scaling',
  title: 'Scaling: concurrency 1 to 64, and a bucket growing to 1 M objects',
  description:
    'The Silo server (one drive, durable) under the signed raw-HTTP load generator in 2 processes: 1 KiB PUT and GET at concurrency 1, 4, 16 and 64 (ops/s, p50, p99); then one bucket filled with 1 KiB objects (32 in flight) to 1,000,000 (20,000 with --quick; SILO_BENCH_SCALE_OBJECTS), and at each step 1 KiB PUT of new keys at concurrency 1 and 16, HEAD of random existing keys at 16, and ListObjectsV2 pages of 1,000 keys after a random key at 4, one run each (repeated beside a burst), with the server CPU and bytes written per PUT and the depth of the metadata trees.',
  async run(ctx) {
    const server = await ctx.server('silo')
    const entry = { label: 'Silo server', sdk: 'signed', processes: LOAD_PROCESSES, server }
    const sections = []
    for (const op of ['put', 'get']) sections.push(await measureConcurrency(ctx, entry, op))
    sections.push(...(await measureGrowth(ctx, entry)))
    return {
      subtitle: 'Silo server on one drive (fsync on); client: signed raw HTTP ×2',
      sections,
      goals: [],
    }
  },
}

async function measureConcurrency(ctx, entry, op) {
  const keys = Array.from({ length: 8 }, (_, n) => `get/${SIZE}/${n}`)
  const rows = []
  const loads = []
  for (const [i, concurrency] of CONCURRENCIES.entries()) {
    const { rows: measured, load } = await measureSection(ctx, {
      entries: [entry],
      spec: { op, size: SIZE, concurrency, keys, keyPrefix: `scale/${SIZE}` },
      objects: op === 'get' ? keys.map((key) => ({ key, size: SIZE })) : [],
      warmupScale: i === 0 ? 2 : 1,
    })
    rows.push({ ...measured[0], label: `concurrency ${concurrency}` })
    loads.push(load)
  }
  return {
    heading: `${op.toUpperCase()} 1 KiB by concurrency`,
    columns: [
      { key: 'label', header: 'load', align: 'left' },
      { key: 'opsPerSec', header: 'ops/s', format: 'count' },
      { key: 'opsSpread', header: 'spread', format: 'percent' },
      { key: 'p50Ms', header: 'p50 ms', format: 'number' },
      { key: 'p99Ms', header: 'p99 ms', format: 'number' },
      { key: 'serverUs', header: 'server µs/op', format: 'number' },
      { key: 'clientUs', header: 'client µs/op', format: 'number' },
    ],
    rows,
    load: combineLoads(loads),
  }
}

/** Fills one bucket step by step; at each step one run of PUT c1, PUT c16, HEAD c16 and LIST c4. */
async function measureGrowth(ctx, entry) {
  const { server } = entry
  const client = await ctx.client(entry.sdk, server, entry.processes)
  await client.prepare({ bucket: GROW_BUCKET, makeBucket: true, objects: [] })
  const total = growthSize(ctx.options.quick)
  const fills = []
  let objects = 0
  const rows = []
  const evidence = []
  const tracker = createLoadTracker({ retries: 1, budget: 6, log: ctx.log })
  const run = (spec) =>
    client.run({
      bucket: GROW_BUCKET,
      size: SIZE,
      durationMs: ctx.options.durationMs,
      maxOps: ctx.options.maxOps,
      ...spec,
    })
  for (const [k, step] of growthSteps(total).entries()) {
    if (step > objects) {
      const fill = await fillTo(run, `fill/s${k}`, step - objects)
      fills.push(fill)
      objects += fill.count
      ctx.log(`  grow: ${objects} objects (filled ${fill.count} at ${fill.perSec.toFixed(0)}/s)`)
    }
    const keys = sampleKeys(fills, HEAD_KEYS)
    // The measured PUTs of earlier steps add to the bucket too: the label is what it holds.
    const label = objects.toLocaleString('en-US')
    const measured = await tracker.round(async () => {
      const io = readIo(server.pid)
      const cpu = server.cpuMicros()
      const put1 = await run({ op: 'put', distinct: true, concurrency: 1, keyPrefix: `put1/s${k}` })
      const ioAfter = readIo(server.pid)
      const putCpu = (server.cpuMicros() - cpu) / put1.ops
      const put16 = await run({ op: 'put', distinct: true, concurrency: 16, keyPrefix: `put16/s${k}` })
      const head = keys.length
        ? await run({ op: 'head', concurrency: 16, keys })
        : { ops: 0, elapsedMs: 1, p99Ms: Number.NaN }
      const list = keys.length
        ? await run({ op: 'list', concurrency: 4, keys, listPage: LIST_PAGE })
        : { ops: 0, elapsedMs: 1, p99Ms: Number.NaN }
      return { put1, putCpu, io, ioAfter, put16, head, list }
    })
    const { put1, putCpu, io, ioAfter, put16, head, list } = measured
    objects += put1.ops + put16.ops
    const perSec = (r) => (r.ops > 0 ? r.ops / (r.elapsedMs / 1000) : Number.NaN)
    rows.push({
      label,
      put1P50: put1.p50Ms,
      put1P99: put1.p99Ms,
      put16: perSec(put16),
      put16P99: put16.p99Ms,
      head: perSec(head),
      headP99: head.p99Ms,
      listKeys: perSec(list) * LIST_PAGE,
      listP99: list.p99Ms,
    })
    const shape = readLmdbShape(server.dir)
    evidence.push({
      label,
      fillPerSec: fills.at(-1)?.perSec ?? Number.NaN,
      putCpu,
      kibPerPut: io && ioAfter ? (ioAfter.writeBytes - io.writeBytes) / 1024 / put1.ops : Number.NaN,
      writesPerPut: io && ioAfter ? (ioAfter.writeCalls - io.writeCalls) / put1.ops : Number.NaN,
      objectsDepth: shape.objects?.depth,
      blobsDepth: shape.blobs?.depth,
      blobsLeaves: shape.blobs?.leafPages,
      fileMiB: shape.fileMiB,
      freeGiB: freeGiB(server.dir),
    })
    ctx.log(`  step ${step}: ${JSON.stringify(rows.at(-1))} ${JSON.stringify(evidence.at(-1))}`)
  }
  const load = tracker.summary()
  return [
    {
      heading: `A bucket growing to ${total.toLocaleString('en-US')} objects of 1 KiB (objects before each step)`,
      columns: [
        { key: 'label', header: 'objects', align: 'left' },
        { key: 'put1P50', header: 'PUT c1 p50 ms', format: 'number' },
        { key: 'put1P99', header: 'PUT c1 p99 ms', format: 'number' },
        { key: 'put16', header: 'PUT c16 ops/s', format: 'count' },
        { key: 'put16P99', header: 'PUT c16 p99 ms', format: 'number' },
        { key: 'head', header: 'HEAD c16 ops/s', format: 'count' },
        { key: 'headP99', header: 'HEAD p99 ms', format: 'number' },
        { key: 'listKeys', header: 'LIST c4 keys/s', format: 'count' },
        { key: 'listP99', header: 'LIST p99 ms', format: 'number' },
      ],
      rows,
      load,
    },
    {
      heading: 'What the server does per PUT as the bucket grows (evidence)',
      columns: [
        { key: 'label', header: 'objects', align: 'left' },
        { key: 'fillPerSec', header: 'fill PUT/s (c32)', format: 'count' },
        { key: 'putCpu', header: 'server µs per PUT c1', format: 'number' },
        { key: 'kibPerPut', header: 'KiB written per PUT c1', format: 'number' },
        { key: 'writesPerPut', header: 'write calls per PUT c1', format: 'number' },
        { key: 'objectsDepth', header: 'objects tree depth', format: 'count' },
        { key: 'blobsDepth', header: 'blobs tree depth', format: 'count' },
        { key: 'blobsLeaves', header: 'blobs leaf pages', format: 'count' },
        { key: 'fileMiB', header: 'data.mdb MiB', format: 'count' },
        { key: 'freeGiB', header: 'disk free GiB', format: 'count' },
      ],
      rows: evidence,
    },
  ]
}

/** Writes `count` new 1 KiB objects under `prefix`, FILL_CONCURRENCY at a time; {prefix, count, perChild, perSec}. */
async function fillTo(run, prefix, count) {
  // An even count, so each of the 2 children writes exactly half (clients.mjs splits maxOps).
  const even = count + (count % LOAD_PROCESSES)
  const result = await run({
    op: 'put',
    distinct: true,
    concurrency: FILL_CONCURRENCY,
    keyPrefix: prefix,
    durationMs: 3_600_000,
    maxOps: even,
  })
  return {
    prefix,
    count: result.ops,
    perChild: result.ops / LOAD_PROCESSES,
    perSec: result.ops / (result.elapsedMs / 1000),
  }
}

/** `count` random keys written by the fills (child i wrote `<prefix>/p<i>/<n>`, n < perChild). */
function sampleKeys(fills, count) {
  if (fills.length === 0) return []
  const total = fills.reduce((sum, f) => sum + f.count, 0)
  return Array.from({ length: count }, () => {
    let at = Math.floor(Math.random() * total)
    let fill = fills[0]
    for (fill of fills) {
      if (at < fill.count) break
      at -= fill.count
    }
    const child = Math.floor(Math.random() * LOAD_PROCESSES)
    const n = Math.floor(Math.random() * Math.floor(fill.perChild))
    return `${fill.prefix}/p${child}/${String(n).padStart(7, '0')}`
  })
}

function freeGiB(dir) {
  try {
    const s = statfsSync(dir)
    return (s.bavail * s.bsize) / 2 ** 30
  } catch {
    return Number.NaN
  }
}
