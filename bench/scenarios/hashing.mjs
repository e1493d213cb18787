import { createHash } from 'node:crypto'
import { throughputColumns } from '../lib/columns.mjs'
import { median, spread } from '../lib/stats.mjs'

// The hashes S3 traffic pays for (Content-MD5 / ETag, SigV4 payload SHA-256), measured
// with node:crypto over one 64 MiB buffer, in rounds like everything else.
const SIZE = 64 * 1024 * 1024
const ALGORITHMS = [
  { label: 'MD5 (node:crypto, 64 MiB buffer)', name: 'md5' },
  { label: 'SHA-256 (node:crypto, 64 MiB buffer)', name: 'sha256' },
]

export default {
  name: 'hashing',
  title: 'Physical reference: hashing',
  description: 'MD5 and SHA-256 throughput of node:crypto over a 64 MiB buffer, in the bench process.',
  async run(ctx) {
    const buffer = Buffer.alloc(SIZE, 0x63)
    const samples = ALGORITHMS.map(() => [])
    for (let round = -1; round < ctx.options.rounds; round++) {
      for (const [i, { name }] of ALGORITHMS.entries()) {
        const start = performance.now()
        createHash(name).update(buffer).digest()
        const seconds = (performance.now() - start) / 1000
        if (round >= 0) samples[i].push(SIZE / 1048576 / seconds)
      }
    }
    const rows = ALGORITHMS.map(({ label }, i) => ({
      label,
      mibPerSec: median(samples[i]),
      opsSpread: spread(samples[i]),
    }))
    return { sections: [{ heading: null, columns: throughputColumns(), rows, goals: [] }], goals: [] }
  },
}
