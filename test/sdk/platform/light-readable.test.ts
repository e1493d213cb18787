import { describe, expect, it } from 'vitest'
import { LightReadable } from '../../../src/sdk/platform/light-readable.js'

async function* numbers(count: number, log: number[] = []) {
  for (let n = 1; n <= count; n++) {
    log.push(n)
    yield n
  }
}

const eventsOf = (stream: LightReadable<number>) =>
  new Promise<{ data: number[]; order: string[] }>((resolve, reject) => {
    const data: number[] = []
    const order: string[] = []
    stream
      .on('data', (n: number) => data.push(n))
      .on('error', reject)
      .on('end', () => order.push('end'))
      .on('close', () => {
        order.push('close')
        resolve({ data, order })
      })
  })

describe('LightReadable', () => {
  it('emits data, then end, then close, starting when a data listener is added', async () => {
    expect(await eventsOf(new LightReadable(numbers(3), { objectMode: true }))).toEqual({
      data: [1, 2, 3],
      order: ['end', 'close'],
    })
  })

  it('is async-iterable, reading the source only as items are taken', async () => {
    const log: number[] = []
    const stream = new LightReadable(numbers(5, log))
    const got: number[] = []
    for await (const n of stream) {
      got.push(n)
      if (n === 2) break
    }
    expect(got).toEqual([1, 2])
    expect(log).toEqual([1, 2])
    expect(stream.destroyed).toBe(true)
  })

  it('holds what arrives while paused and delivers it on resume, in order', async () => {
    const stream = new LightReadable(numbers(4))
    const data: number[] = []
    stream.on('data', (n: number) => {
      data.push(n)
      if (n === 2) {
        stream.pause()
        setTimeout(() => stream.resume(), 10)
      }
    })
    await new Promise((resolve) => stream.on('end', resolve))
    expect(data).toEqual([1, 2, 3, 4])
  })

  it('reports a failing source as an error event, then close', async () => {
    async function* failing() {
      yield 1
      throw new Error('network gone')
    }
    const stream = new LightReadable(failing())
    const seen: string[] = []
    await new Promise<void>((resolve) => {
      stream
        .on('data', () => seen.push('data'))
        .on('error', (e: Error) => seen.push(e.message))
        .on('close', () => resolve())
    })
    expect(seen).toEqual(['data', 'network gone'])
  })

  it('throws a failing source out of for await', async () => {
    async function* failing() {
      yield 1
      throw new Error('network gone')
    }
    await expect(
      (async () => {
        for await (const _ of new LightReadable(failing()));
      })(),
    ).rejects.toThrow('network gone')
  })

  it('pipes into a writable, waiting for drain, and ends it', async () => {
    const written: number[] = []
    let drain: (() => void) | undefined
    const target = {
      write: (n: number) => {
        written.push(n)
        return n !== 2 // full after the second item
      },
      once: (_: 'drain', listener: () => void) => {
        drain = listener
      },
      end: () => written.push(-1),
    }
    const stream = new LightReadable(numbers(3))
    stream.pipe(target)
    await new Promise((r) => setTimeout(r, 10))
    expect(written).toEqual([1, 2])
    drain!()
    await new Promise((r) => setTimeout(r, 10))
    expect(written).toEqual([1, 2, 3, -1])
  })

  it('destroy(error) stops reading and tells error listeners, then close', async () => {
    const log: number[] = []
    const stream = new LightReadable(numbers(100, log))
    const events: string[] = []
    stream.on('error', (e: Error) => events.push(e.message)).on('close', () => events.push('close'))
    stream.destroy(new Error('stop'))
    await new Promise((r) => setTimeout(r, 5))
    expect(events).toEqual(['stop', 'close'])
    expect(log).toEqual([])
  })
})
