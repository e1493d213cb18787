// Interleaved rounds: A B C, A B C, ... against the same server(s), so slow drift of the
// machine (thermal, page cache, other load) hits every contestant alike. A round that ran
// beside a burst of other work (load.mjs) is repeated whole, so every contestant's turn of
// a kept round saw the same machine.
import { createLoadTracker } from './load.mjs'

const RSS_SAMPLE_MS = 25

/**
 * Runs `spec` once per contestant per round, after one warm-up round bounded by
 * `warmup` = {durationMs, maxOps} (enough operations for V8 to optimise the hot paths of
 * client and server). Each contestant is {label, client, server}; returns {results, load}:
 * one sample list per contestant and the load summary of the kept rounds. A contestant that
 * fails keeps its error and sits out the other rounds.
 */
export async function runInterleaved({ contestants, spec, rounds, warmup, log, retries = 2, quietMs }) {
  const results = contestants.map((c) => ({ samples: [], error: c.error ?? null }))
  const runRound = async (runSpec) => {
    const samples = contestants.map(() => null)
    for (const [i, contestant] of contestants.entries()) {
      if (results[i].error) continue
      try {
        samples[i] = await measureOnce(contestant, runSpec)
      } catch (error) {
        results[i].error = error.message
        log(`  ${contestant.label}: ${error.message}`)
      }
    }
    return samples
  }
  await runRound({ ...spec, ...warmup })
  const tracker = createLoadTracker({ retries, budget: Math.max(retries, rounds), log, quietMs })
  for (let round = 0; round < rounds; round++) {
    const samples = await tracker.round(() => runRound(spec))
    for (const [i, sample] of samples.entries()) if (sample) results[i].samples.push(sample)
  }
  return { results, load: tracker.summary() }
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
      p50Ms: run.p50Ms,
      p99Ms: run.p99Ms,
    }
  } finally {
    clearInterval(sampler)
  }
}
