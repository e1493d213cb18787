import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach } from 'vitest'
import type { Clock } from '../../../src/server/events/clock.js'
import type { EventRequestInfo } from '../../../src/server/events/event-publisher.js'
import type { EventTarget, QueuedEvent } from '../../../src/server/events/targets/types.js'
import type { EventName } from '../../../src/shared/events/event-names.js'
import { buildEventRecord, type S3EventRecord } from '../../../src/shared/events/record.js'

/** A queued event whose key is `b/<name>`. */
export function makeEvent(name: string, eventName = 's3:ObjectCreated:Put'): QueuedEvent {
  const record = makeRecord(name, eventName as EventName)
  return { eventName, key: `b/${name}`, eventTime: record.eventTime, record }
}

export function makeRecord(
  key: string,
  eventName: EventName = 's3:ObjectCreated:Put',
  bucket = 'b',
): S3EventRecord {
  return buildEventRecord({
    eventName,
    time: new Date(Date.UTC(2024, 0, 1)),
    bucket,
    key,
    principalId: 'AK',
    requestId: 'R',
    originEndpoint: 'http://127.0.0.1:9000',
    source: { host: '127.0.0.1', port: 1234 },
    object: { size: 1 },
    sequencer: '0',
  })
}

/** A test double for the target interface: fails the first `failures` sends, records the rest. */
export function createFakeTarget(arn = 'arn:silo:sqs::1:webhook', failures = 0) {
  const delivered: QueuedEvent[] = []
  let attempts = 0
  const target: EventTarget & { delivered: QueuedEvent[]; readonly attempts: number; failNext: number } = {
    arn,
    kind: 'webhook',
    id: arn.split(':')[4]!,
    delivered,
    failNext: failures,
    get attempts() {
      return attempts
    },
    async open() {},
    async send(event) {
      attempts++
      if (target.failNext > 0) {
        target.failNext--
        throw new Error('connection refused')
      }
      delivered.push(event)
    },
    async isOnline() {
      return target.failNext === 0
    },
    async close() {},
  }
  return target
}

/** A clock whose sleeps return at once and are recorded. */
export function createFakeClock(): Clock & { sleeps: number[] } {
  const sleeps: number[] = []
  return {
    sleeps,
    now: () => 0,
    async sleep(ms) {
      sleeps.push(ms)
      await new Promise((r) => setImmediate(r))
    },
  }
}

/** Collected log lines. */
export function createLogCollector() {
  const lines: string[] = []
  return Object.assign((line: string) => void lines.push(line), { lines })
}

const dirs: string[] = []
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })))
})

/** A temporary directory removed after the test. */
export async function makeTempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'silo-events-'))
  dirs.push(dir)
  return dir
}

/** Polls `check` until it holds (for loops running in the background). */
export async function eventually(check: () => boolean, timeoutMs = 5000): Promise<void> {
  const start = Date.now()
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error('condition not met in time')
    await new Promise((r) => setTimeout(r, 2))
  }
}

/** The request an event test's PUTs come from. */
export const EVENT_REQUEST: EventRequestInfo = {
  requestId: 'R1',
  principalId: 'AK',
  sourceHost: '127.0.0.1',
  sourcePort: 5000,
  userAgent: 'ua',
}
