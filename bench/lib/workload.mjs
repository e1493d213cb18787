// The measured loop, run inside a client child: `concurrency` workers issue one operation
// after another until the time budget or the operation cap is reached.
import { createHistogram, histogramQuantile, recordLatency } from './stats.mjs'

const RSS_SAMPLE_MS = 25

/**
 * Runs `spec` through `adapter`: `op` is 'put' | 'get' | 'head' | 'list'; PUT writes `size`
 * bytes to a few keys per worker under `keyPrefix`, overwritten (bounded disk use), or with
 * `distinct` to `<keyPrefix>/<n>` for n = 0, 1, ... (a bucket that grows); GET and HEAD cycle
 * over `keys`; LIST asks one page of `listPage` keys starting after each of `keys` in turn.
 * Stops at `durationMs` or `maxOps`. Returns {ops, bytes, elapsedMs, cpuMicros, peakRss,
 * histogram, p50Ms, p99Ms}: CPU is this process's user + system time (all threads, JIT and GC
 * included) during the loop; peakRss the largest resident set size sampled during it;
 * histogram the latencies (stats.mjs), p50Ms / p99Ms read from it.
 */
export async function runWorkload(adapter, spec, body) {
  let issued = 0
  let bytes = 0
  let peakRss = process.memoryUsage.rss()
  const histogram = createHistogram()
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage.rss())
  }, RSS_SAMPLE_MS)
  const operation = operationOf(adapter, spec, body)
  const cpuBefore = process.cpuUsage()
  const start = performance.now()
  const deadline = start + spec.durationMs
  const worker = async (w) => {
    for (let i = 0; performance.now() < deadline && issued < spec.maxOps; i++) {
      const n = issued++
      const began = performance.now()
      // Not `bytes += await ...`: that reads `bytes` before the await and loses updates.
      const moved = await operation(w, i, n)
      recordLatency(histogram, (performance.now() - began) * 1000)
      bytes += moved
    }
  }
  try {
    await Promise.all(Array.from({ length: spec.concurrency }, (_, w) => worker(w)))
  } finally {
    clearInterval(sampler)
  }
  const elapsedMs = performance.now() - start
  const cpu = process.cpuUsage(cpuBefore)
  peakRss = Math.max(peakRss, process.memoryUsage.rss())
  return {
    ops: issued,
    bytes,
    elapsedMs,
    cpuMicros: cpu.user + cpu.system,
    peakRss,
    histogram,
    p50Ms: histogramQuantile(histogram, 0.5) / 1000,
    p99Ms: histogramQuantile(histogram, 0.99) / 1000,
  }
}

/** The operation a worker repeats: (worker, its i-th op, the process's n-th op) → bytes moved. */
function operationOf(adapter, spec, body) {
  const { bucket, keys } = spec
  switch (spec.op) {
    case 'put':
      return spec.distinct
        ? async (_w, _i, n) => {
            await adapter.put(bucket, `${spec.keyPrefix}/${String(n).padStart(7, '0')}`, body)
            return body.length
          }
        : async (w, i) => {
            // A few keys per worker, overwritten: bounded disk use, no two writers on one key.
            await adapter.put(bucket, `${spec.keyPrefix}/${w}/${i % 4}`, body)
            return body.length
          }
    case 'get':
      return (w, i) => adapter.get(bucket, keys[(w + i) % keys.length])
    case 'head':
      return async (w, i) => {
        await adapter.head(bucket, keys[(w * 7919 + i) % keys.length])
        return 0
      }
    case 'list':
      return (w, i) => adapter.list(bucket, keys[(w * 7919 + i) % keys.length], spec.listPage ?? 1000)
    default:
      throw new Error(`unknown op ${spec.op}`)
  }
}
