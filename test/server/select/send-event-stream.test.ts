/**
 * The select response writer over a real HTTP connection, with the clock in the test's hands:
 * batching, keep-alive Cont, Progress, Stats/End, errors before and after the stream started,
 * the client going away, and backpressure (the query is not pulled faster than the client reads).
 */
import { createServer, get, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import {
  decodeEventStream,
  type EventMessage,
} from '../../../src/sdk/operations/select/decode-event-stream.js'
import { S3ServerError } from '../../../src/server/errors.js'
import {
  type EventStreamOptions,
  type EventStreamTiming,
  sendEventStream,
} from '../../../src/server/handlers/select/send-event-stream.js'
import type { SelectStats } from '../../../src/server/select/index.js'

let server: Server | undefined
afterEach(async () => {
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined))
  server = undefined
})

/** A clock the test advances; `tick()` runs the writer's periodic check. */
function manualClock() {
  let now = 0
  let tick: (() => void) | undefined
  const timing: EventStreamTiming = {
    keepAliveMs: 1000,
    progressMs: 1000,
    repeat(fn) {
      tick = fn
      return () => {
        tick = undefined
      }
    },
    now: () => now,
  }
  return {
    timing,
    advance(ms: number) {
      now += ms
      tick?.()
    },
  }
}

/** Serves one request with `handle`, and returns the client's response. */
async function serve(
  handle: (res: ServerResponse) => Promise<void>,
): Promise<{ res: IncomingMessage; done: Promise<unknown> }> {
  let done!: Promise<unknown>
  server = createServer((_req, res) => {
    done = handle(res).then(
      () => undefined,
      (error: unknown) => {
        if (!res.headersSent) {
          res.writeHead(400, { 'content-type': 'text/plain' })
          res.end(String((error as Error).message))
        }
        return error
      },
    )
  })
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  const res = await new Promise<IncomingMessage>((resolve) =>
    get({ port, host: '127.0.0.1', path: '/' }, resolve),
  )
  return { res, done }
}

async function readMessages(res: IncomingMessage): Promise<EventMessage[]> {
  const out: EventMessage[] = []
  for await (const message of decodeEventStream(res)) out.push(message)
  return out
}

const stats = (): SelectStats => ({ bytesScanned: 0, bytesProcessed: 0, bytesReturned: 0 })
const options = (more: Partial<EventStreamOptions> = {}): EventStreamOptions => ({
  progress: false,
  onAbort: () => {},
  log: () => {},
  ...more,
})
const types = (messages: EventMessage[]) =>
  messages.map((m) => m.headers[':event-type'] ?? m.headers[':message-type'])
const text = (m: EventMessage) => Buffer.from(m.payload).toString()

describe('sendEventStream', () => {
  it('sends small outputs in one Records message, then Stats and End', async () => {
    const counters = stats()
    async function* records() {
      for (const line of ['a\n', 'b\n', 'c\n']) {
        counters.bytesReturned += line.length
        yield Buffer.from(line)
      }
      counters.bytesScanned = 100
    }
    const { res } = await serve((r) => sendEventStream(r, records(), counters, options()))
    expect(res.statusCode).toBe(200)
    const messages = await readMessages(res)
    expect(types(messages)).toEqual(['Records', 'Stats', 'End'])
    expect(text(messages[0]!)).toBe('a\nb\nc\n')
    expect(text(messages[1]!)).toContain('<BytesScanned>100</BytesScanned>')
    expect(text(messages[1]!)).toContain('<BytesReturned>6</BytesReturned>')
  })

  it('sends a Progress message before Stats when progress is asked for', async () => {
    const counters = { bytesScanned: 7, bytesProcessed: 7, bytesReturned: 0 }
    const { res } = await serve((r) =>
      sendEventStream(r, (async function* () {})(), counters, options({ progress: true })),
    )
    const messages = await readMessages(res)
    expect(types(messages)).toEqual(['Progress', 'Stats', 'End'])
    expect(text(messages[0]!)).toMatch(/^<\?xml[^>]*\?><Progress><BytesScanned>7<\/BytesScanned>/)
  })

  it('keeps an idle stream alive with Cont, and sends waiting records instead when there are some', async () => {
    const clock = manualClock()
    let release!: () => void
    let step = 0
    async function* records() {
      // Nothing for a while (Cont), then one record, then a long scan (the record goes out).
      await new Promise<void>((resolve) => {
        release = resolve
      })
      yield Buffer.from('found\n')
      step = 1
      await new Promise<void>((resolve) => {
        release = resolve
      })
    }
    const { res, done } = await new Promise<{ res: IncomingMessage; done: Promise<unknown> }>((resolve) => {
      const started = serve((r) => sendEventStream(r, records(), stats(), options({ timing: clock.timing })))
      // The response only starts with the first message: drive the clock until it does.
      const poll = setInterval(() => clock.advance(1000), 20)
      started.then((value) => {
        clearInterval(poll)
        resolve(value)
      })
    })
    const reading = readMessages(res)
    release()
    while (step < 1) await new Promise((r) => setTimeout(r, 5))
    clock.advance(1000)
    release()
    const messages = await reading
    await done
    const kinds = types(messages)
    expect(kinds[0]).toBe('Cont')
    expect(kinds.slice(-3)).toEqual(['Records', 'Stats', 'End'])
    expect(text(messages[kinds.indexOf('Records')]!)).toBe('found\n')
  })

  it('throws a failure that comes before the first message, so the caller answers with an XML error', async () => {
    async function* records(): AsyncGenerator<Uint8Array> {
      yield* []
      throw new S3ServerError('CSVParsingError', 'bad row 1')
    }
    const { res, done } = await serve((r) => sendEventStream(r, records(), stats(), options()))
    expect(res.statusCode).toBe(400)
    expect(await done).toMatchObject({ code: 'CSVParsingError' })
  })

  it('ends the stream with an error message (no End) when the failure comes after records were sent', async () => {
    async function* records() {
      yield Buffer.alloc(200 * 1024, 'x')
      throw new S3ServerError('CastFailed', 'cannot cast "x" to INT')
    }
    const { res } = await serve((r) => sendEventStream(r, records(), stats(), options()))
    const messages = await readMessages(res)
    expect(types(messages)).toEqual(['Records', 'error'])
    expect(messages[1]!.headers).toMatchObject({
      ':error-code': 'CastFailed',
      ':error-message': 'cannot cast "x" to INT',
    })
  })

  it('stops pulling the query when the client goes away, and calls onAbort', async () => {
    let aborted = false
    let finished = false
    async function* records() {
      try {
        for (;;) yield Buffer.alloc(256 * 1024, 'y')
      } finally {
        finished = true
      }
    }
    const { res, done } = await serve((r) =>
      sendEventStream(r, records(), stats(), options({ onAbort: () => (aborted = true) })),
    )
    await new Promise((resolve) => res.once('data', resolve))
    res.destroy()
    await done
    expect(aborted).toBe(true)
    expect(finished).toBe(true)
  })

  it('pulls no faster than the client reads (backpressure)', async () => {
    let pulled = 0
    async function* records() {
      for (;;) {
        pulled++
        yield Buffer.alloc(256 * 1024, 'z')
      }
    }
    const { res, done } = await serve((r) => sendEventStream(r, records(), stats(), options()))
    res.pause()
    // Wait until the writer stops pulling (the socket and its buffers are full).
    let seen = -1
    while (seen !== pulled) {
      seen = pulled
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    // Kernel and stream buffers hold a few MiB at most; an unbounded writer would be at hundreds.
    expect(pulled * 256 * 1024).toBeLessThan(32 * 1024 * 1024)
    res.destroy()
    await done
  })
})
