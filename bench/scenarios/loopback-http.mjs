import { referenceColumns } from '../lib/columns.mjs'
import { combineLoads } from '../lib/load.mjs'
import { formatSize, measureSection } from '../lib/section.mjs'

// What the machine can do with no S3 work at all: a node:http server answering fixed
// bodies, driven by a plain node:http client with a keep-alive agent.
const MEASUREMENTS = [
  { op: 'get', size: 1024, concurrency: 16 },
  { op: 'put', size: 1024, concurrency: 16 },
  { op: 'get', size: 128 * 1024 * 1024, concurrency: 1 },
  { op: 'put', size: 128 * 1024 * 1024, concurrency: 1 },
]

export default {
  name: 'loopback-http',
  title: 'Physical reference: loopback HTTP',
  description:
    'A node:http server child answering fixed bodies (GET: n bytes streamed in 1 MiB chunks; PUT: body read and discarded) and a raw node:http client child with a keep-alive agent: the ceiling any S3 client/server pair on this machine lives under.',
  async run(ctx) {
    const server = await ctx.server('loopback')
    const rows = []
    const loads = []
    for (const { op, size, concurrency } of MEASUREMENTS) {
      const label = `${op.toUpperCase()} ${formatSize(size)}, concurrency ${concurrency}`
      const entries = [{ label, sdk: 'http', server }]
      const spec = { op, size, concurrency, keys: [`bytes/${size}`], keyPrefix: 'sink' }
      const measured = await measureSection(ctx, { entries, spec })
      rows.push(...measured.rows)
      loads.push(measured.load)
    }
    const load = combineLoads(loads)
    return { sections: [{ heading: null, columns: referenceColumns(), rows, load, goals: [] }], goals: [] }
  },
}
