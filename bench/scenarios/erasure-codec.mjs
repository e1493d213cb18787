import { existsSync } from 'node:fs'
import os from 'node:os'
import { dirname, join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { describePath, siloServerEntry } from '../lib/paths.mjs'
import { median, spread } from '../lib/stats.mjs'

// The Reed-Solomon codec of the erasure-coded backend (src/server/storage/erasure/codec), as
// built: tsup emits it as packages/silo-server/dist/server/erasure-codec.js, an internal entry
// beside the server's (so it is in the run's snapshot of dist/server). All in the bench process,
// one thread: MiB/s per core of DATA (1 MiB per block, whatever the parity), next to a memcpy of
// the same bytes.
const BLOCK = 1024 * 1024
const BIG_COPY = 64 * 1024 * 1024
const CODES = [
  [4, 4],
  [8, 4],
  [12, 4],
]
const IMPLEMENTATIONS = ['wasm-simd', 'js']
const GOAL = { data: 8, parity: 4, mibPerSec: 1000 }

const COLUMNS = [
  { key: 'label', header: 'operation', align: 'left' },
  { key: 'mibPerSec', header: 'data MiB/s', format: 'number' },
  { key: 'mibPerCpuSec', header: 'MiB per CPU s', format: 'number' },
  { key: 'ratio', header: '× memcpy', format: 'ratio' },
  { key: 'opsSpread', header: 'spread', format: 'percent' },
]

export default {
  name: 'erasure-codec',
  title: 'Reed-Solomon codec: encode and reconstruct',
  description:
    'The erasure backend’s Reed-Solomon codec over 1 MiB blocks (shard = 1 MiB / data), in the bench process on one thread: encode (all parity), and reconstruct of `parity` lost data shards (the worst case a read meets), for the WebAssembly SIMD and portable JavaScript coders, against Buffer.copy of the same 1 MiB. MiB/s counts data bytes; copying shards in and out of WebAssembly memory is part of the measured cost.',
  async run(ctx) {
    const entry = join(dirname(siloServerEntry()), 'erasure-codec.js')
    if (!existsSync(entry)) throw new Error(`${describePath(entry)} is missing: run npm run build`)
    const { createReedSolomon } = await import(pathToFileURL(entry).href)
    const sections = []
    const goals = []
    for (const [data, parity] of CODES) {
      const contestants = [
        memcpyContestant(),
        bandwidthContestant(),
        ...IMPLEMENTATIONS.flatMap((impl) =>
          codecContestants(createReedSolomon(data, parity, { implementation: impl })),
        ),
      ]
      const samples = measureRounds(ctx.options, contestants)
      const rows = contestants.map(({ label }, i) => ({
        label,
        mibPerSec: median(samples[i].map((s) => s.wall)),
        mibPerCpuSec: median(samples[i].map((s) => s.cpu)),
        opsSpread: spread(samples[i].map((s) => s.wall)),
      }))
      const base = rows[0].mibPerSec
      for (const row of rows) row.ratio = row.mibPerSec / base
      const sectionGoals = []
      if (data === GOAL.data && parity === GOAL.parity) {
        // Per core means per second of CPU time: on a busy machine the clock also counts the
        // time the bench waited for a core, so the wall-clock figure is printed beside it.
        const row = rows.find((r) => r.label === 'encode, wasm-simd')
        const measured = row.mibPerCpuSec
        const mib = (v) => Math.round(v).toLocaleString('en-US')
        sectionGoals.push({
          goal: `encode ${GOAL.data}+${GOAL.parity} ≥ ${GOAL.mibPerSec.toLocaleString('en-US')} MiB/s per core (wasm-simd)`,
          where: `erasure-codec ${data}+${parity}, 1 MiB blocks`,
          measured: Number.isFinite(measured)
            ? `${mib(measured)} MiB per CPU second (by the clock ${mib(row.mibPerSec)} MiB/s, load ${os.loadavg()[0].toFixed(1)})`
            : 'not measured',
          met: Number.isFinite(measured) ? measured >= GOAL.mibPerSec : null,
        })
      }
      goals.push(...sectionGoals)
      sections.push({
        heading: `${data}+${parity}, shards of ${Math.ceil(BLOCK / data).toLocaleString('en-US')} bytes`,
        columns: COLUMNS,
        rows,
        goals: sectionGoals,
      })
    }
    return {
      subtitle:
        'one thread, in the bench process; data MiB/s = 1 MiB blocks × blocks per second; MiB per CPU s = the same per second of the process’s CPU time (user + system), what one busy core gets',
      sections,
      goals,
    }
  },
}

/** Buffer.copy of the block's 1 MiB: what touching every data byte once costs here. */
function memcpyContestant() {
  const source = randomBytes(BLOCK)
  const target = Buffer.alloc(BLOCK)
  return { label: 'memcpy (Buffer.copy, 1 MiB)', run: () => source.copy(target) }
}

/**
 * Buffer.copy of 64 MiB, far beyond the caches: the machine's memory bandwidth, the figure the
 * erasure issue quotes (~2,400 MiB/s). Counted per 1 MiB like the rest.
 */
function bandwidthContestant() {
  const source = Buffer.alloc(BIG_COPY, 0x63)
  const target = Buffer.alloc(BIG_COPY)
  return { label: 'memcpy (Buffer.copy, 64 MiB)', blocks: BIG_COPY / BLOCK, run: () => source.copy(target) }
}

/** Encode and worst-case reconstruct for one codec. */
function codecContestants(rs) {
  const size = Math.ceil(BLOCK / rs.dataShards)
  const data = Array.from({ length: rs.dataShards }, () => randomBytes(size))
  const parity = Array.from({ length: rs.parityShards }, () => Buffer.alloc(size))
  rs.encode(data, parity)
  const survivors = [...data, ...parity]
  const lost = Math.min(rs.parityShards, rs.dataShards)
  return [
    { label: `encode, ${rs.implementation}`, run: () => rs.encode(data, parity) },
    {
      label: `reconstruct ${lost} lost data shards, ${rs.implementation}`,
      run() {
        const shards = survivors.slice()
        shards.fill(undefined, 0, lost)
        rs.reconstruct(shards, { dataOnly: true })
        if (shards[0].length !== size) throw new Error('reconstruct gave a shard of the wrong size')
      },
    },
  ]
}

/**
 * Interleaved rounds as everywhere in the bench (A B C, A B C, ...), after a warm-up round; each
 * run repeats its operation for the round's duration. Returns per contestant samples of data
 * MiB/s by the clock (`wall`) and per second of the process's CPU time (`cpu`): on a busy
 * machine the bench is descheduled at times, which slows the first but not the second.
 */
function measureRounds(options, contestants) {
  const samples = contestants.map(() => [])
  for (let round = -1; round < options.rounds; round++) {
    const durationMs = round < 0 ? options.warmupMs : options.durationMs
    const maxOps = round < 0 ? options.warmupOps : options.maxOps
    for (const [i, contestant] of contestants.entries()) {
      let ops = 0
      const cpuBefore = process.cpuUsage()
      const start = performance.now()
      let elapsed = 0
      do {
        contestant.run()
        ops++
        elapsed = performance.now() - start
      } while (elapsed < durationMs && ops < maxOps)
      const cpu = process.cpuUsage(cpuBefore)
      const mib = (ops * (contestant.blocks ?? 1) * BLOCK) / 1048576
      if (round >= 0)
        samples[i].push({ wall: mib / (elapsed / 1000), cpu: mib / ((cpu.user + cpu.system) / 1e6) })
    }
  }
  return samples
}

function randomBytes(n) {
  const out = Buffer.alloc(n)
  for (let i = 0; i < n; i++) out[i] = (Math.random() * 256) | 0
  return out
}
