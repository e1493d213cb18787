// Interleaved rounds: A B C, A B C, ... against the same server(s), so slow drift of the
// machine (thermal, page cache, other load) hits every contestant alike.

const RSS_SAMPLE_MS = 25

/**
 * Runs `spec` once per contestant per round, after one warm-up round bounded by
 * `warmup` = {durationMs, maxOps} (enough operations for V8 to optimise the hot paths of
 * client and server). Each contestant is {label, client, server}; returns one sample list
 * per contestant. A contestant that fails keeps its error and sits out the other rounds.
 */
export async function runInterleaved({ contestants, spec, rounds, warmup, log }) {
  const results = contestants.map((c) => ({ samples: [], error: c.error ?? null }))
  for (let round = -1; round < rounds; round++) {
    const runSpec = round < 0 ? { ...spec, ...warmup } : spec
    for (const [i, contestant] of contestants.entries()) {
      if (results[i].error) continue
      try {
        const sample = await measureOnce(contestant, runSpec)
        if (round >= 0) results[i].samples.push(sample)
      } catch (error) {
        results[i].error = error.message
        log(`  ${contestant.label}: ${error.message}`)
      }
    }
  }
  return results
}

async function measureOnce({ client, server }, spec) {
  let serverRss = server.rss()
  const sampler = setInterval(() => {
    serverRss = Math.max(serverRss, server.rss())
  }, RSS_SAMPLE_MS)
  const serverBefore = server.cpuMicros()
  try {
    const run = await client.run(spec)
    const serverAfter = server.cpuMicros()
    const seconds = run.elapsedMs / 1000
    return {
      opsPerSec: run.ops / seconds,
      mibPerSec: run.bytes / 1048576 / seconds,
      clientUs: run.cpuMicros / run.ops,
      serverUs: (serverAfter - serverBefore) / run.ops,
      clientRss: run.peakRss,
      serverRss: Math.max(serverRss, server.rss()),
    }
  } finally {
    clearInterval(sampler)
  }
}
