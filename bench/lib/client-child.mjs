// A child process that drives one SDK, so its CPU time and memory are its own.
import { serveRequests } from './rpc-child.mjs'
import { createAdapter } from './sdk-adapters.mjs'
import { runWorkload } from './workload.mjs'

// The AWS SDK warns once per process about Node 20 support; it is noise in bench output.
const emitWarning = process.emitWarning.bind(process)
process.emitWarning = (warning, ...rest) => {
  const text = typeof warning === 'string' ? `${rest[0]?.type ?? rest[0]} ${warning}` : `${warning?.name}`
  if (!String(text).includes('NodeVersionSupportWarning')) emitWarning(warning, ...rest)
}

let adapter = null
const bodies = new Map()

function bodyOf(size) {
  if (!bodies.has(size)) bodies.set(size, Buffer.alloc(size, 0x62))
  return bodies.get(size)
}

serveRequests({
  async init({ sdk, server }) {
    adapter = await createAdapter(sdk, server)
  },
  async prepare({ bucket, makeBucket, objects }) {
    if (makeBucket) await adapter.makeBucket(bucket)
    for (const { key, size } of objects) await adapter.put(bucket, key, bodyOf(size))
  },
  run(spec) {
    return runWorkload(adapter, spec, spec.op === 'put' ? bodyOf(spec.size) : null)
  },
})
