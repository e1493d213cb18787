import { readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { adoptQueue } from '../../../../src/server/events/queue/adopt-queue.js'
import { openFileQueue } from '../../../../src/server/events/queue/file-queue.js'
import type { EventQueue } from '../../../../src/server/events/queue/types.js'
import { createLogCollector, makeEvent, makeTempDir } from '../helpers.js'

async function drainKeys(queue: EventQueue): Promise<string[]> {
  const keys: string[] = []
  for (let e = queue.peek(); e; e = queue.peek()) {
    keys.push(e.event.key)
    await queue.ack(e.seq)
  }
  return keys
}

/** A stray queue holding `names` (the first `acked` of them delivered), closed. */
async function makeStray(names: string[], acked = 0): Promise<string> {
  const dir = join(await makeTempDir(), 'webhook-1')
  const stray = await openFileQueue({ dir })
  for (const name of names) await stray.put(makeEvent(name))
  for (let i = 0; i < acked; i++) await stray.ack(stray.peek()!.seq)
  await stray.close()
  return dir
}

describe('adoptQueue: events an earlier start queued elsewhere', () => {
  it('moves the undelivered entries to the end of the queue, in order, and removes the stray', async () => {
    const strayDir = await makeStray(['s1', 's2', 's3', 's4'], 1)
    const queue = await openFileQueue({ dir: await makeTempDir() })
    await queue.put(makeEvent('home1'))
    const log = createLogCollector()
    expect(await adoptQueue(queue, strayDir, { name: 'arn', log })).toBe(3)
    expect(await readdir(join(strayDir, '..'))).toEqual([])
    expect(await drainKeys(queue)).toEqual(['b/home1', 'b/s2', 'b/s3', 'b/s4'])
    expect(log.lines).toEqual([`arn: moved 3 undelivered event(s) from ${strayDir}`])
    await queue.close()
  })

  it('moved entries are durable: a reopened queue still has them', async () => {
    const strayDir = await makeStray(['s1', 's2'])
    const dir = await makeTempDir()
    const queue = await openFileQueue({ dir })
    await adoptQueue(queue, strayDir, { name: 'arn', log: createLogCollector() })
    // No close(): the process "dies" here.
    const reopened = await openFileQueue({ dir })
    expect(await drainKeys(reopened)).toEqual(['b/s1', 'b/s2'])
    await reopened.close()
  })

  it('takes only what fits under the limit; the rest stays and is taken by a later start', async () => {
    const strayDir = await makeStray(['s1', 's2', 's3', 's4', 's5'])
    const dir = await makeTempDir()
    const log = createLogCollector()
    const first = await openFileQueue({ dir, limit: 3, log })
    await first.put(makeEvent('home1'))
    expect(await adoptQueue(first, strayDir, { name: 'arn', log })).toBe(2)
    expect(first.dropped).toBe(0)
    expect(await drainKeys(first)).toEqual(['b/home1', 'b/s1', 'b/s2'])
    await first.close()
    const second = await openFileQueue({ dir, limit: 3, log })
    expect(await adoptQueue(second, strayDir, { name: 'arn', log })).toBe(3)
    expect(await drainKeys(second)).toEqual(['b/s3', 'b/s4', 'b/s5'])
    await second.close()
  })

  it('a folder that does not exist is nothing to adopt', async () => {
    const queue = await openFileQueue({ dir: await makeTempDir() })
    expect(
      await adoptQueue(queue, join(await makeTempDir(), 'none'), { name: 'arn', log: createLogCollector() }),
    ).toBe(0)
    await queue.close()
  })
})
