import { describe, expect, it } from 'vitest'
import { compileSelect, type SelectStats } from '../../../src/server/select/index.js'
import { CSV_OUTPUT, csvRequest } from './engine-helpers.js'

const MiB = 1024 * 1024

/** A CSV object of about `total` bytes, made row by row as it is read (never all in memory). */
async function* generatedCsv(total: number, pulled: { bytes: number }): AsyncGenerator<Uint8Array> {
  let row = 0
  while (pulled.bytes < total) {
    const lines: string[] = []
    for (let i = 0; i < 1000; i++, row++)
      lines.push(`${row},name-${row % 977},"city, ${row % 13}",${(row * 7) % 1000}\n`)
    const chunk = Buffer.from(lines.join(''))
    pulled.bytes += chunk.length
    yield chunk
  }
}

describe('bounded memory', () => {
  it('selects from a 256 MiB CSV stream with small heap growth', async () => {
    const total = 256 * MiB
    const pulled = { bytes: 0 }
    const stats: SelectStats = { bytesScanned: 0, bytesProcessed: 0, bytesReturned: 0 }
    const compiled = compileSelect(
      csvRequest("SELECT _1, _3 FROM S3Object WHERE _4 < 500 AND _2 LIKE 'name-1%'", {}, CSV_OUTPUT),
    )
    const before = process.memoryUsage().heapUsed
    let peak = before
    let batches = 0
    for await (const batch of compiled.run(generatedCsv(total, pulled), stats)) {
      expect(batch.byteLength).toBeLessThanOrEqual(512 * 1024)
      if (++batches % 10 === 0) peak = Math.max(peak, process.memoryUsage().heapUsed)
    }
    peak = Math.max(peak, process.memoryUsage().heapUsed)
    expect(stats.bytesScanned).toBeGreaterThanOrEqual(total)
    expect(stats.bytesReturned).toBeGreaterThan(MiB)
    // Holding the input (or the output) would grow the heap by hundreds of MiB; garbage not
    // yet collected accounts for the generous margin.
    expect(peak - before).toBeLessThan(96 * MiB)
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
