// The measured loop, run inside a client child: `concurrency` workers issue one operation
// after another until the time budget or the operation cap is reached.

const RSS_SAMPLE_MS = 25

/**
 * Runs `spec` = {op: 'put'|'get', bucket, size, keys (get), keyPrefix (put), concurrency,
 * durationMs, maxOps} through `adapter`; returns {ops, bytes, elapsedMs, cpuMicros, peakRss}.
 * CPU is this process's user + system time (all threads, JIT and GC included) during the
 * loop; peakRss is the largest resident set size sampled during it.
 */
export async function runWorkload(adapter, spec, body) {
  let issued = 0
  let bytes = 0
  let peakRss = process.memoryUsage.rss()
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage.rss())
  }, RSS_SAMPLE_MS)
  const cpuBefore = process.cpuUsage()
  const start = performance.now()
  const deadline = start + spec.durationMs
  const worker = async (w) => {
    for (let i = 0; performance.now() < deadline && issued < spec.maxOps; i++) {
      issued++
      if (spec.op === 'put') {
        // A few keys per worker, overwritten: bounded disk use, no two writers on one key.
        await adapter.put(spec.bucket, `${spec.keyPrefix}/${w}/${i % 4}`, body)
        bytes += body.length
      } else {
        // Not `bytes += await ...`: that reads `bytes` before the await and loses updates.
        const received = await adapter.get(spec.bucket, spec.keys[(w + i) % spec.keys.length])
        bytes += received
      }
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
  return { ops: issued, bytes, elapsedMs, cpuMicros: cpu.user + cpu.system, peakRss }
}
