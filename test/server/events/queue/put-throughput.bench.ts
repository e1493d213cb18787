import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, bench, describe } from 'vitest'
import { openFileQueue } from '../../../../src/server/events/queue/file-queue.js'
import type { EventQueue } from '../../../../src/server/events/queue/types.js'
import { makeEvent } from '../helpers.js'

/**
 * File-queue throughput. `put`: each iteration puts `concurrency` events at once (as concurrent
 * S3 requests would) and waits until all are fsynced; events/s = hz × concurrency.
 * `put + ack`: the same, then acknowledges them as a sender would.
 * Run: npx vitest bench --run test/server/events/queue
 */
const dirs: string[] = []
afterAll(async () => {
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })))
})

async function openTemp(): Promise<EventQueue> {
  const dir = await mkdtemp(join(tmpdir(), 'silo-bench-'))
  dirs.push(dir)
  return openFileQueue({ dir, limit: 10_000_000 })
}

const event = makeEvent('photos/2024/a-typical-key.jpg')
const putAll = (queue: EventQueue, n: number) =>
  Promise.all(Array.from({ length: n }, () => queue.put(event)))

for (const concurrency of [1, 16, 256]) {
  describe(`file queue, ${concurrency} concurrent puts`, async () => {
    const putOnly = await openTemp()
    const putAck = await openTemp()
    bench('put', () => putAll(putOnly, concurrency).then(() => undefined))
    bench('put + ack', async () => {
      await putAll(putAck, concurrency)
      for (let e = putAck.peek(); e; e = putAck.peek()) await putAck.ack(e.seq)
    })
  })
}
