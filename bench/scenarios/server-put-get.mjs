import { serverColumns } from '../lib/columns.mjs'
import { checkServerSpeedGoal } from '../lib/goals.mjs'
import { measureSection } from '../lib/section.mjs'

// One load generator for both servers: SigV4-signed raw-socket HTTP/1.1 requests with the
// per-day, per-second and per-body work precomputed (bench/lib/signed-http.mjs), in
// LOAD_PROCESSES child processes, so the client spends a fraction of the server's CPU and the
// server, not the client, caps ops/s.
const CLIENT_SDK = 'signed'
const LOAD_PROCESSES = 2
const SIZE = 1024

export default {
  name: 'server-put-get',
  title: 'Small PUT / GET: servers compared',
  description:
    'The same 1 KiB PUT and GET load from the same lean load generator (SigV4-signed keep-alive HTTP/1.1 on raw sockets, in 2 child processes that split the workers) against the Silo server and s3rver, each in its own process on its own temporary folder.',
  async run(ctx) {
    const s3rver = await ctx.server('s3rver')
    const entries = [
      await siloEntry(ctx, s3rver),
      { label: 's3rver', sdk: CLIENT_SDK, processes: LOAD_PROCESSES, server: s3rver, baseline: true },
    ]
    const sections = []
    const goals = []
    for (const op of ['put', 'get']) {
      for (const [i, concurrency] of [1, 16].entries()) {
        const where = `${op.toUpperCase()} 1 KiB, concurrency ${concurrency}`
        const keys = Array.from({ length: 8 }, (_, n) => `get/${SIZE}/${n}`)
        const rows = await measureSection(ctx, {
          entries,
          spec: { op, size: SIZE, concurrency, keys, keyPrefix: `put/${SIZE}` },
          objects: op === 'get' ? keys.map((key) => ({ key, size: SIZE })) : [],
          warmupScale: i === 0 ? 2 : 1,
        })
        const sectionGoals = [checkServerSpeedGoal(rows, where)]
        goals.push(...sectionGoals)
        sections.push({ heading: where, columns: serverColumns(), rows, goals: sectionGoals })
      }
    }
    return {
      subtitle: `client: SigV4-signed raw-socket HTTP/1.1 load generator in ${LOAD_PROCESSES} processes, keep-alive`,
      sections,
      goals,
    }
  },
}

/** The Silo row, or an error row (on a placeholder server) when it is not built or fails to start. */
async function siloEntry(ctx, placeholder) {
  const label = 'Silo server'
  if (!ctx.isServerAvailable('silo')) return { label, server: placeholder, error: ctx.serverMissing('silo') }
  try {
    return { label, sdk: CLIENT_SDK, processes: LOAD_PROCESSES, server: await ctx.server('silo') }
  } catch (error) {
    return { label, server: placeholder, error: `did not start: ${error.message}` }
  }
}
