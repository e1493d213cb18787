// Parent side: each SDK runs in its own child process bound to one server.
import { forkChild } from './children.mjs'
import { SDKS } from './sdk-adapters.mjs'
import { histogramQuantile, mergeHistograms } from './stats.mjs'

const CHILD = new URL('./client-child.mjs', import.meta.url).pathname

/** Starts a client child for `sdk` against `server`; the handle runs workloads in it. */
export async function startClient(sdk, server) {
  const child = forkChild(CHILD, { name: `${SDKS[sdk].label} client child` })
  const target = {
    host: server.host,
    port: server.port,
    region: server.region,
    accessKey: server.accessKey,
    secretKey: server.secretKey,
    // Several servers of one deployment: the signed load generator spreads requests over them.
    ...(server.endpoints ? { endpoints: server.endpoints } : {}),
  }
  try {
    await child.request('init', { sdk, server: target })
  } catch (error) {
    await child.kill()
    throw error
  }
  return {
    sdk,
    label: SDKS[sdk].label,
    prepare: (args) => child.request('prepare', args),
    run: (spec) => child.request('run', spec),
    stop: () => child.kill(),
  }
}

/**
 * `processes` client children for `sdk` against `server`, driven as one client: a run splits
 * its concurrency across them (at most one child per worker), runs them at once and sums their
 * operations, bytes, CPU, peak RSS and latency histograms. So one client process's CPU cannot cap a fast server.
 */
export async function startClientGroup(sdk, server, processes) {
  const started = await Promise.allSettled(Array.from({ length: processes }, () => startClient(sdk, server)))
  const children = started.filter((s) => s.status === 'fulfilled').map((s) => s.value)
  const failed = started.find((s) => s.status === 'rejected')
  if (failed) {
    await Promise.all(children.map((c) => c.stop()))
    throw failed.reason
  }
  return {
    sdk,
    label: `${SDKS[sdk].label} ×${processes}`,
    prepare: (args) => children[0].prepare(args),
    async run(spec) {
      const used = children.slice(0, Math.min(children.length, spec.concurrency))
      const runs = await Promise.all(
        used.map((child, i) =>
          child.run({
            ...spec,
            // Workers split as evenly as possible; each child writes under its own prefix.
            concurrency:
              Math.floor(spec.concurrency / used.length) + (i < spec.concurrency % used.length ? 1 : 0),
            maxOps: Math.ceil(spec.maxOps / used.length),
            keyPrefix: `${spec.keyPrefix}/p${i}`,
          }),
        ),
      )
      const sum = (field) => runs.reduce((total, run) => total + run[field], 0)
      const histogram = mergeHistograms(runs.map((run) => run.histogram))
      return {
        ops: sum('ops'),
        bytes: sum('bytes'),
        elapsedMs: Math.max(...runs.map((run) => run.elapsedMs)),
        cpuMicros: sum('cpuMicros'),
        peakRss: sum('peakRss'),
        histogram,
        p50Ms: histogramQuantile(histogram, 0.5) / 1000,
        p99Ms: histogramQuantile(histogram, 0.99) / 1000,
      }
    },
    stop: () => Promise.all(children.map((c) => c.stop())),
  }
}
