import { serverColumns } from '../lib/columns.mjs'
import { checkServerSpeedGoal } from '../lib/goals.mjs'
import { measureSection } from '../lib/section.mjs'

// One client library for both servers; minio-js is the cheaper peer client, so the
// client process is less likely to be the bottleneck on two cores.
const CLIENT_SDK = 'minio'
const SIZE = 1024

export default {
  name: 'server-put-get',
  title: 'Small PUT / GET: servers compared',
  description:
    'The same 1 KiB PUT and GET load from the same client (minio-js, in its own process) against the Silo server and s3rver, each in its own process on its own temporary folder.',
  async run(ctx) {
    const s3rver = await ctx.server('s3rver')
    const entries = [
      await siloEntry(ctx, s3rver),
      { label: 's3rver', sdk: CLIENT_SDK, server: s3rver, baseline: true },
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
    return { subtitle: 'client: minio-js with a keep-alive agent', sections, goals }
  },
}

/** The Silo row, or an error row (on a placeholder server) when it is not built or fails to start. */
async function siloEntry(ctx, placeholder) {
  const label = 'Silo server'
  if (!ctx.isServerAvailable('silo')) return { label, server: placeholder, error: ctx.serverMissing('silo') }
  try {
    return { label, sdk: CLIENT_SDK, server: await ctx.server('silo') }
  } catch (error) {
    return { label, server: placeholder, error: `did not start: ${error.message}` }
  }
}
