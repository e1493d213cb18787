// One SDK's request loop in this process against a Silo server in its own child, for profiling
// the client: the bench's adapter (bench/lib/sdk-adapters.mjs) and workload loop, so the calls
// are the ones sdk-put / sdk-get time. Prints the client CPU µs per op of the measured ops (after
// a warm-up). With --cpu-prof the profile is this process's main thread; summarize it with
// bench/probes/cpuprofile-top.mjs.
//   node --cpu-prof --cpu-prof-dir=/tmp/prof bench/probes/sdk-loop.mjs silo get 1024 16 20000
//   node bench/probes/cpuprofile-top.mjs /tmp/prof/*.cpuprofile
// Arguments: sdk (silo | minio | aws | signed | http), op (put | get | head), size in bytes,
// concurrency, ops.
import { createAdapter } from '../lib/sdk-adapters.mjs'
import { startServer } from '../lib/servers.mjs'
import { createTempRoot } from '../lib/temp-root.mjs'
import { runWorkload } from '../lib/workload.mjs'

const [sdk = 'silo', op = 'get', size = '1024', concurrency = '1', ops = '10000'] = process.argv.slice(2)
const server = await startServer('silo', createTempRoot())
try {
  const adapter = await createAdapter(sdk, server)
  const bucket = 'probe'
  await adapter.makeBucket(bucket)
  const body = Buffer.alloc(Number(size), 0x62)
  const keys = Array.from({ length: 8 }, (_, i) => `get/${size}/${i}`)
  for (const key of keys) await adapter.put(bucket, key, body)
  const spec = {
    op,
    bucket,
    keys,
    size: Number(size),
    concurrency: Number(concurrency),
    keyPrefix: `put/${size}`,
    durationMs: Number.POSITIVE_INFINITY,
  }
  await runWorkload(adapter, { ...spec, maxOps: Math.min(2000, Number(ops)) }, body)
  const result = await runWorkload(adapter, { ...spec, maxOps: Number(ops) }, body)
  const perOp = result.cpuMicros / result.ops
  console.log(
    `${sdk} ${op} ${size} B, concurrency ${concurrency}: ${result.ops} ops, ${perOp.toFixed(1)} µs client CPU per op, ${Math.round((result.ops / result.elapsedMs) * 1000)} ops/s`,
  )
} finally {
  await server.stop()
}
