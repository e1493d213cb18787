// PUT and GET of one big object through the Silo SDK, interleaved rounds over several
// deployments (erasure-server.mjs, cluster.mjs): MiB/s, spread, ratio to the baseline entry and
// the server CPU seconds each transfer cost.
import { randomBytes } from 'node:crypto'
import { Readable } from 'node:stream'
import { createLoadTracker } from './load.mjs'
import { median, spread } from './stats.mjs'

const MiB = 1024 * 1024

/** A stream of `total` bytes, one random MiB repeated (no time spent making data). */
export function patternStream(total) {
  const chunk = randomBytes(MiB)
  let sent = 0
  return new Readable({
    read() {
      if (sent >= total) return this.push(null)
      const size = Math.min(chunk.length, total - sent)
      sent += size
      this.push(size === chunk.length ? chunk : chunk.subarray(0, size))
    },
  })
}

/**
 * Up to 3 rounds (a 1 GiB transfer is long) interleaving `entries` ({ label, server, baseline }
 * with `server.cpuMicros()`): in round r, `clientsOf(entry, r)` gives the SDK client that PUTs
 * `objectMiB` (a stream of known length) into `bucket` and the one that GETs it back to its end;
 * the object is removed after. A round beside a burst of other load is repeated at most once.
 * Resolves with one row per entry (putMibPerSec, putSpread, putRatio, putServerCpu, and get...)
 * and `rows.load`.
 */
export async function measureBigTransfers(ctx, { entries, objectMiB, bucket, clientsOf }) {
  const rounds = Math.min(3, ctx.options.rounds)
  const bytes = objectMiB * MiB
  const samples = entries.map(() => ({ put: [], get: [], putCpu: [], getCpu: [] }))
  const tracker = createLoadTracker({ retries: 1, budget: 1, log: ctx.log })
  for (let round = 0; round < rounds; round++) {
    const measured = await tracker.round(async () => {
      const values = []
      for (const entry of entries) {
        const { label, server } = entry
        const { writer, reader } = clientsOf(entry, round)
        const key = `big/round-${round}`
        let cpu = server.cpuMicros()
        let start = performance.now()
        await writer.putObject(bucket, key, patternStream(bytes), bytes)
        const putSeconds = (performance.now() - start) / 1000
        const putCpu = (server.cpuMicros() - cpu) / 1e6
        cpu = server.cpuMicros()
        start = performance.now()
        let read = 0
        for await (const chunk of await reader.getObject(bucket, key)) read += chunk.length
        const getSeconds = (performance.now() - start) / 1000
        const getCpu = (server.cpuMicros() - cpu) / 1e6
        if (read !== bytes) throw new Error(`${label}: GET returned ${read} bytes of ${bytes}`)
        await writer.removeObject(bucket, key)
        values.push({ put: objectMiB / putSeconds, get: objectMiB / getSeconds, putCpu, getCpu })
        ctx.log(
          `  ${label} round ${round + 1}: PUT ${(objectMiB / putSeconds).toFixed(1)} MiB/s, GET ${(objectMiB / getSeconds).toFixed(1)} MiB/s`,
        )
      }
      return values
    })
    for (const [i, value] of measured.entries()) {
      for (const field of ['put', 'get', 'putCpu', 'getCpu']) samples[i][field].push(value[field])
    }
  }
  const rows = transferRows(entries, samples)
  rows.load = tracker.summary()
  return rows
}

/**
 * One row per entry ({ label, baseline }) from its samples ({ put, get, putCpu, getCpu }: MiB/s
 * and server CPU seconds per round): medians, spreads and ratios to the baseline entry's.
 */
export function transferRows(entries, samples) {
  const baseline = samples[entries.findIndex((e) => e.baseline)]
  return entries.map(({ label }, i) => {
    const s = samples[i]
    return {
      label,
      putMibPerSec: median(s.put),
      putSpread: spread(s.put),
      putRatio: median(s.put) / median(baseline.put),
      putServerCpu: median(s.putCpu),
      getMibPerSec: median(s.get),
      getSpread: spread(s.get),
      getRatio: median(s.get) / median(baseline.get),
      getServerCpu: median(s.getCpu),
    }
  })
}

/** The columns of transferRows' table: `subject` heads the labels, ratios are "÷ `baseline`". */
export function transferColumns(subject, baseline) {
  return [
    { key: 'label', header: subject, align: 'left' },
    { key: 'putMibPerSec', header: 'PUT MiB/s', format: 'number' },
    { key: 'putSpread', header: 'spread', format: 'percent' },
    { key: 'putRatio', header: `PUT ÷ ${baseline}`, format: 'ratio' },
    { key: 'putServerCpu', header: 'server CPU s per PUT', format: 'number' },
    { key: 'getMibPerSec', header: 'GET MiB/s', format: 'number' },
    { key: 'getSpread', header: 'spread', format: 'percent' },
    { key: 'getRatio', header: `GET ÷ ${baseline}`, format: 'ratio' },
    { key: 'getServerCpu', header: 'server CPU s per GET', format: 'number' },
  ]
}
