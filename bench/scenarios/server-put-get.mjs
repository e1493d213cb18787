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
    const silo = ctx.isServerAvailable('silo') ? await ctx.server('silo') : null
    const s3rver = await ctx.server('s3rver')
    const entries = [
      silo
        ? { label: 'Silo server', sdk: CLIENT_SDK, server: silo }
        : { label: 'Silo server', server: s3rver, error: ctx.serverMissing('silo') },
      { label: 's3rver', sdk: CLIENT_SDK, server: s3rver, baseline: true },
    ]
    const sections = []
    const goals = []
    for (const op of ['put', 'get']) {
      for (const concurrency of [1, 16]) {
        const where = `${op.toUpperCase()} 1 KiB, concurrency ${concurrency}`
        const keys = Array.from({ length: 8 }, (_, i) => `get/${SIZE}/${i}`)
        const rows = await measureSection(ctx, {
          entries,
          spec: { op, size: SIZE, concurrency, keys, keyPrefix: `put/${SIZE}` },
          objects: op === 'get' ? keys.map((key) => ({ key, size: SIZE })) : [],
        })
        const sectionGoals = [checkServerSpeedGoal(rows, where)]
        goals.push(...sectionGoals)
        sections.push({ heading: where, columns: serverColumns(), rows, goals: sectionGoals })
      }
    }
    return { subtitle: 'client: minio-js with a keep-alive agent', sections, goals }
  },
}
