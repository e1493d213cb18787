// PUT or GET through every SDK against one server, for each object size × concurrency.
import { sdkColumns } from './columns.mjs'
import { checkSdkCpuGoal } from './goals.mjs'
import { formatSize, measureSection } from './section.mjs'

const SIZES = [1024, 1024 * 1024]
const CONCURRENCIES = [1, 16]
const GET_KEYS_PER_SIZE = 8

/** Builds the scenario for `op` ('put' or 'get'). */
export function createSdkScenario({ name, op, title, description }) {
  return {
    name,
    title,
    description,
    async run(ctx) {
      const { server, note } = await ctx.sdkServer()
      const sections = []
      const goals = []
      for (const size of SIZES) {
        for (const concurrency of CONCURRENCIES) {
          const where = `${op.toUpperCase()} ${formatSize(size)}, concurrency ${concurrency}`
          const keys = Array.from({ length: GET_KEYS_PER_SIZE }, (_, i) => `get/${size}/${i}`)
          const { rows, load } = await measureSection(ctx, {
            entries: ctx.sdkEntries(server),
            spec: { op, size, concurrency, keys, keyPrefix: `put/${size}` },
            objects: op === 'get' ? keys.map((key) => ({ key, size })) : [],
            warmupScale: sections.length === 0 ? 2 : 1,
          })
          const sectionGoals = size <= 4096 ? [checkSdkCpuGoal(rows, where, op)] : []
          goals.push(...sectionGoals)
          sections.push({
            heading: where,
            columns: sdkColumns({ large: size > 4096 }),
            rows,
            load,
            goals: sectionGoals,
          })
        }
      }
      return { subtitle: `server: ${server.label}, in its own process${note}`, sections, goals }
    },
  }
}
