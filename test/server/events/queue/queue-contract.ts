import { describe, expect, it } from 'vitest'
import type { EventQueue } from '../../../../src/server/events/queue/types.js'
import { createLogCollector, makeEvent } from '../helpers.js'

type Open = (options: { limit?: number; log?: (line: string) => void }) => Promise<EventQueue>

/** Behaviour every EventQueue shares, run against the memory and the file queue. */
export function describeQueueContract(name: string, open: Open): void {
  describe(`${name}: queue contract`, () => {
    it('is FIFO: peek shows the oldest, ack removes it', async () => {
      const q = await open({})
      for (const n of ['a', 'b', 'c']) expect(await q.put(makeEvent(n))).toBe(true)
      expect(q.size).toBe(3)
      const seen: string[] = []
      for (let entry = q.peek(); entry; entry = q.peek()) {
        seen.push(entry.event.key)
        await q.ack(entry.seq)
      }
      expect(seen).toEqual(['b/a', 'b/b', 'b/c'])
      expect(q.size).toBe(0)
      await q.close()
    })

    it('keeps the event intact', async () => {
      const q = await open({})
      const event = makeEvent('dir/ünïcode key.txt')
      await q.put(event)
      expect(q.peek()?.event).toEqual(event)
      await q.close()
    })

    it('refuses to ack anything but the oldest entry', async () => {
      const q = await open({})
      await q.put(makeEvent('a'))
      await q.put(makeEvent('b'))
      const first = q.peek()!
      await expect(q.ack(first.seq + 1)).rejects.toThrow(/not the oldest/)
      await q.close()
    })

    it('drops past the limit, counts and logs the drops, and accepts again when drained', async () => {
      const log = createLogCollector()
      const q = await open({ limit: 3, log })
      const results = await Promise.all(['a', 'b', 'c', 'd', 'e'].map((n) => q.put(makeEvent(n))))
      expect(results).toEqual([true, true, true, false, false])
      expect(q.dropped).toBe(2)
      expect(q.size).toBe(3)
      expect(log.lines.filter((l) => l.includes('queue full (3 events)'))).toHaveLength(1)
      await q.ack(q.peek()!.seq)
      expect(await q.put(makeEvent('f'))).toBe(true)
      expect(log.lines.at(-1)).toMatch(/accepting events again after dropping 2/)
      const keys: string[] = []
      for (let e = q.peek(); e; e = q.peek()) {
        keys.push(e.event.key)
        await q.ack(e.seq)
      }
      expect(keys).toEqual(['b/b', 'b/c', 'b/f'])
      await q.close()
    })

    it('refuses puts after close, counted and logged', async () => {
      const log = createLogCollector()
      const q = await open({ log })
      await q.close()
      expect(await q.put(makeEvent('late'))).toBe(false)
      expect(q.dropped).toBe(1)
      expect(log.lines).toEqual([expect.stringMatching(/queue closed, event dropped$/)])
    })

    it('defaults to a limit of 10,000', async () => {
      const q = await open({})
      expect(q.limit).toBe(10_000)
      await q.close()
    })
  })
}
