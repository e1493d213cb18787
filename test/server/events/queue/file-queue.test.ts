import { appendFile, readdir, readFile, stat, truncate, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { openFileQueue } from '../../../../src/server/events/queue/file-queue.js'
import type { EventQueue } from '../../../../src/server/events/queue/types.js'
import { createLogCollector, makeEvent, makeTempDir } from '../helpers.js'
import { describeQueueContract } from './queue-contract.js'

describeQueueContract('file queue', async (options) =>
  openFileQueue({ dir: await makeTempDir(), ...options }),
)

async function drainKeys(q: EventQueue, max = Number.POSITIVE_INFINITY): Promise<string[]> {
  const keys: string[] = []
  for (let e = q.peek(); e && keys.length < max; e = q.peek()) {
    keys.push(e.event.key)
    await q.ack(e.seq)
  }
  return keys
}

async function segmentFiles(dir: string): Promise<string[]> {
  return (await readdir(dir)).filter((f) => f.endsWith('.seg')).sort()
}

describe('file queue durability', () => {
  it('an entry is on disk when put resolves', async () => {
    const dir = await makeTempDir()
    const q = await openFileQueue({ dir })
    await q.put(makeEvent('durable'))
    const [segment] = await segmentFiles(dir)
    expect((await readFile(join(dir, segment!))).includes(Buffer.from('b/durable'))).toBe(true)
    await q.close()
  })

  it('redelivers unacknowledged entries in order after a crash (reopen without close)', async () => {
    const dir = await makeTempDir()
    const first = await openFileQueue({ dir })
    await Promise.all(['a', 'b', 'c', 'd'].map((n) => first.put(makeEvent(n))))
    await first.ack(first.peek()!.seq)
    // No close(): the process "dies" here.
    const second = await openFileQueue({ dir })
    expect(second.size).toBe(3)
    expect(await drainKeys(second)).toEqual(['b/b', 'b/c', 'b/d'])
    await second.close()
    const third = await openFileQueue({ dir })
    expect(third.size).toBe(0)
    expect(third.peek()).toBeUndefined()
    await third.close()
  })

  it('never redelivers acknowledged entries and keeps numbering after them', async () => {
    const dir = await makeTempDir()
    const first = await openFileQueue({ dir })
    for (const n of ['a', 'b']) await first.put(makeEvent(n))
    const acked = first.peek()!.seq
    await first.ack(acked)
    await first.close()
    const second = await openFileQueue({ dir })
    await second.put(makeEvent('c'))
    expect(second.peek()!.seq).toBe(acked + 1)
    expect(await drainKeys(second)).toEqual(['b/b', 'b/c'])
    await second.close()
  })

  it.each([
    ['a truncated last entry', 'entry', (size: number) => size - 5],
    ['a truncated header', 'header', (_: number, lastStart: number) => lastStart + 3],
  ])('skips %s with a log line and appends cleanly after it', async (_, what, newSize) => {
    const dir = await makeTempDir()
    const first = await openFileQueue({ dir })
    for (const n of ['a', 'b', 'c']) await first.put(makeEvent(n))
    const path = join(dir, (await segmentFiles(dir))[0]!)
    await truncate(path, newSize((await stat(path)).size, await entryOffset(path, 2)))
    const log = createLogCollector()
    const second = await openFileQueue({ dir, log, name: 'q1' })
    expect(log.lines).toHaveLength(1)
    expect(log.lines[0]).toMatch(
      /^q1: \d{20}\.seg: corrupt entry \(truncated (entry|header) at byte \d+\); skipping the last \d+ bytes$/,
    )
    expect(log.lines[0]).toContain(`truncated ${what}`)
    await second.put(makeEvent('d'))
    // Crash again: the new entry must be readable, i.e. not written after the garbage.
    const third = await openFileQueue({ dir })
    expect(await drainKeys(third)).toEqual(['b/a', 'b/b', 'b/d'])
    await third.close()
  })

  it('detects a flipped bit by CRC and skips from there', async () => {
    const dir = await makeTempDir()
    const first = await openFileQueue({ dir })
    for (const n of ['a', 'b', 'c']) await first.put(makeEvent(n))
    const path = join(dir, (await segmentFiles(dir))[0]!)
    const data = await readFile(path)
    const secondEntry = await entryOffset(path, 1)
    data[secondEntry + 40]! ^= 0x01
    await writeFile(path, data)
    const log = createLogCollector()
    const second = await openFileQueue({ dir, log })
    expect(log.lines[0]).toMatch(new RegExp(`CRC mismatch at byte ${secondEntry}`))
    expect(await drainKeys(second)).toEqual(['b/a'])
    await second.close()
  })

  it('skips garbage appended by a torn write', async () => {
    const dir = await makeTempDir()
    const first = await openFileQueue({ dir })
    await first.put(makeEvent('a'))
    await appendFile(join(dir, (await segmentFiles(dir))[0]!), Buffer.from([0, 0, 0, 200, 9, 9, 9, 9, 1, 2]))
    const log = createLogCollector()
    const second = await openFileQueue({ dir, log })
    expect(log.lines[0]).toMatch(/truncated entry.*skipping the last 10 bytes/)
    expect(await drainKeys(second)).toEqual(['b/a'])
    await second.close()
  })

  it('rolls segments and deletes them once fully acknowledged', async () => {
    const dir = await makeTempDir()
    const q = await openFileQueue({ dir, segmentBytes: 1 })
    for (const n of ['a', 'b', 'c', 'd']) await q.put(makeEvent(n))
    expect(await segmentFiles(dir)).toHaveLength(4)
    expect(await drainKeys(q, 2)).toEqual(['b/a', 'b/b'])
    expect(await segmentFiles(dir)).toHaveLength(2)
    const reopened = await openFileQueue({ dir, segmentBytes: 1 })
    expect(await drainKeys(reopened)).toEqual(['b/c', 'b/d'])
    expect(await segmentFiles(dir)).toHaveLength(1)
    await reopened.close()
    await q.close()
  })

  it('keeps the newer acknowledgement when the ack slot being written is torn', async () => {
    const dir = await makeTempDir()
    const q = await openFileQueue({ dir })
    for (const n of ['a', 'b', 'c']) await q.put(makeEvent(n))
    await drainKeys(q, 2)
    await q.close()
    // The next ack write goes to the older slot; tear it.
    const ack = await readFile(join(dir, 'ack'))
    const older = ack.readBigUInt64BE(0) < ack.readBigUInt64BE(16) ? 0 : 16
    ack.fill(0xff, older, older + 16)
    await writeFile(join(dir, 'ack'), ack)
    const reopened = await openFileQueue({ dir })
    expect(await drainKeys(reopened)).toEqual(['b/c'])
    await reopened.close()
  })

  it('keeps every stored entry on reopen even past a lowered limit, and drops new ones', async () => {
    const dir = await makeTempDir()
    const first = await openFileQueue({ dir })
    for (const n of ['a', 'b', 'c']) await first.put(makeEvent(n))
    await first.close()
    const second = await openFileQueue({ dir, limit: 2, log: () => undefined })
    expect(second.size).toBe(3)
    expect(await second.put(makeEvent('d'))).toBe(false)
    expect(second.dropped).toBe(1)
    expect(await drainKeys(second)).toEqual(['b/a', 'b/b', 'b/c'])
    await second.close()
  })
})

// Frame layout: u32 length, u32 crc, body of `length` bytes.
async function entryOffset(path: string, index: number): Promise<number> {
  const data = await readFile(path)
  let offset = 0
  for (let i = 0; i < index; i++) offset += 8 + data.readUInt32BE(offset)
  return offset
}
