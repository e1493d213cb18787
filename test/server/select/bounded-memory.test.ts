import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { describe, expect, it } from 'vitest'
import { compileSelect, type SelectStats } from '../../../src/server/select/index.js'
import { CSV_OUTPUT, csvRequest } from './engine-helpers.js'

const MiB = 1024 * 1024

// A full collection before each heap reading, so a reading is live memory, not garbage waiting
// for the collector (the usual way to reach `gc` without starting node with --expose-gc).
setFlagsFromString('--expose-gc')
const collect = runInNewContext('gc') as () => void

/** Live memory after a full collection: the JS heap and the buffers outside it. */
function liveHeap(): number {
  collect()
  const { heapUsed, external } = process.memoryUsage()
  return heapUsed + external
}

/**
 * A CSV object of about `total` bytes, made row by row as it is read (never all in memory);
 * `every.run` is called each time another `every.bytes` have been read.
 */
async function* generatedCsv(
  total: number,
  pulled: { bytes: number },
  every?: { bytes: number; run: () => void },
): AsyncGenerator<Uint8Array> {
  let row = 0
  let next = every?.bytes ?? Number.POSITIVE_INFINITY
  while (pulled.bytes < total) {
    if (every && pulled.bytes >= next) {
      every.run()
      next += every.bytes
    }
    const lines: string[] = []
    for (let i = 0; i < 1000; i++, row++)
      lines.push(`${row},name-${row % 977},"city, ${row % 13}",${(row * 7) % 1000}\n`)
    const chunk = Buffer.from(lines.join(''))
    pulled.bytes += chunk.length
    yield chunk
  }
}

describe('bounded memory', () => {
  it('selects from a 256 MiB CSV stream with a small live heap', async () => {
    const total = 256 * MiB
    const pulled = { bytes: 0 }
    const stats: SelectStats = { bytesScanned: 0, bytesProcessed: 0, bytesReturned: 0 }
    const compiled = compileSelect(
      csvRequest("SELECT _1, _3 FROM S3Object WHERE _4 < 500 AND _2 LIKE 'name-%'", {}, CSV_OUTPUT),
    )
    const before = liveHeap()
    let peak = before
    // The live heap every 16 MiB of input, while the query runs.
    const sample = {
      bytes: 16 * MiB,
      run: () => {
        peak = Math.max(peak, liveHeap())
      },
    }
    for await (const batch of compiled.run(generatedCsv(total, pulled, sample), stats)) {
      expect(batch.byteLength).toBeLessThanOrEqual(512 * 1024)
    }
    expect(stats.bytesScanned).toBeGreaterThanOrEqual(total)
    expect(stats.bytesReturned).toBeGreaterThan(MiB)
    // Holding the input (or the output) would grow the live heap by hundreds of MiB; the
    // engine holds a few records, stream buffers and one output batch.
    expect(peak - before).toBeLessThan(16 * MiB)
  }, 600_000)

  it('pulls input only as fast as output is consumed, and closes it when the reader stops', async () => {
    const pulled = { bytes: 0 }
    let closed!: () => void
    const whenClosed = new Promise<void>((resolve) => {
      closed = resolve
    })
    async function* input() {
      try {
        yield* generatedCsv(1024 * MiB, pulled)
      } finally {
        closed()
      }
    }
    const compiled = compileSelect(csvRequest('SELECT * FROM S3Object', {}, CSV_OUTPUT))
    const stats: SelectStats = { bytesScanned: 0, bytesProcessed: 0, bytesReturned: 0 }
    const iterator = compiled.run(input(), stats)[Symbol.asyncIterator]()
    await iterator.next()
    await iterator.next()
    // Two output batches need ~256 KiB of input; stream buffers hold a few chunks more.
    expect(pulled.bytes).toBeLessThan(8 * MiB)
    // Stopping the reader closes the input (a test timeout here means it never does).
    await iterator.return?.(undefined)
    await whenClosed
  })
})
