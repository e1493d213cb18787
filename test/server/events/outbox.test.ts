import { afterEach, describe, expect, it } from 'vitest'
import { type BucketEvents, createBucketEvents } from '../../../src/server/events/bucket-events.js'
import type { ObjectLayer, OutboxEntry } from '../../../src/server/storage/object-layer.js'
import { openSingleDrive } from '../../../src/server/storage/single-drive.js'
import { bodyOf } from '../storage/contract/helpers.js'
import { EVENT_REQUEST, makeTempDir } from './helpers.js'
import { messageKey } from './support/expected-message.js'
import { startWebhookSink } from './support/sinks.js'

/**
 * A PUT's event goes into the storage outbox in the object's own commit and reaches its queue
 * after it (docs/events.md, "The outbox"). What must hold: an event of a write that happened is
 * delivered even when the process died between the commit and the queue write; none is delivered
 * for a write that did not happen; and an entry the queue already holds is not queued twice.
 */
const request = EVENT_REQUEST
const RULES =
  '<NotificationConfiguration><QueueConfiguration><Queue>arn:silo:sqs::1:webhook</Queue><Event>s3:ObjectCreated:*</Event></QueueConfiguration></NotificationConfiguration>'
const cleanups: (() => Promise<unknown>)[] = []
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c()
})

/** `close` of a drive or service, once however often it is called. */
function once(close: () => Promise<void>): () => Promise<void> {
  let closing: Promise<void> | undefined
  return () => (closing ??= close())
}

async function setup() {
  const dir = await makeTempDir()
  const sink = await startWebhookSink()
  cleanups.push(() => sink.close())
  const notify = { webhook: { '1': { enable: true, endpoint: sink.url } } }
  const log: string[] = []
  const open = async (storage: ObjectLayer): Promise<BucketEvents> => {
    const created = createBucketEvents({
      storage,
      region: '',
      ownerAccessKey: 'owner',
      log: (m) => log.push(m),
      notify,
      drives: [dir],
    })
    const events = { ...created, close: once(() => created.close()) }
    cleanups.push(events.close)
    await events.start()
    return events
  }
  const openDrive = async () => {
    const opened = await openSingleDrive(dir)
    const storage = { ...opened, close: once(() => opened.close()) }
    cleanups.push(storage.close)
    return storage
  }
  const storage = await openDrive()
  await storage.createBucket('watched', '')
  const events = await open(storage)
  await events.putBucketConfig('watched', RULES)
  /** Closes the service and the drive, and opens both again over the same folder. */
  const restart = async (): Promise<{ storage: ObjectLayer; events: BucketEvents }> => {
    await events.close()
    await storage.close()
    const again = await openDrive()
    return { storage: again, events: await open(again) }
  }
  return { dir, storage, events, sink, log, restart }
}

function put(storage: ObjectLayer, key: string, outbox: OutboxEntry, ifNoneMatch?: '*') {
  return storage.putObject({
    bucket: 'watched',
    key,
    body: bodyOf(key),
    outbox,
    ...(ifNoneMatch ? { condition: { ifNoneMatch } } : {}),
  })
}

const stage = (events: BucketEvents, key: string) =>
  events.stage({ name: 's3:ObjectCreated:Put', bucket: 'watched', key }, request)!

describe('the event outbox of a PUT', () => {
  it('delivers the event of a committed write whose queue write a crash prevented, at the next start, once', async () => {
    const { dir, storage, events, sink, log, restart } = await setup()
    const staged = stage(events, 'k')
    // The commit happens; what follows it (the queue write) never does, as in a crash.
    await put(storage, 'k', { encode: (info) => staged.encode(info), committed: () => undefined })
    await events.idle()
    expect(sink.bodies).toEqual([])

    const again = await restart()
    await again.events.idle()
    expect(sink.bodies.map(messageKey)).toEqual(['watched/k'])
    expect(log).toContain('queued 1 event(s) the storage outbox held at start')
    // Released, so the drive removes it on close at the latest.
    await again.events.close()
    await again.storage.close()
    const reopened = await openSingleDrive(dir)
    cleanups.push(() => reopened.close())
    expect(reopened.eventOutbox!.list()).toEqual([])
  })

  it('does not queue again at start an entry its queue already holds (a crash before its release)', async () => {
    const { dir, storage, events, sink, restart } = await setup()
    // The release is never written, as when the process dies right after the queue write.
    const unreleased: ObjectLayer = {
      ...storage,
      eventOutbox: { list: () => storage.eventOutbox!.list(), release: () => undefined },
    }
    const withoutRelease = createBucketEvents({
      storage: unreleased,
      region: '',
      ownerAccessKey: 'owner',
      log: () => undefined,
      notify: { webhook: { '1': { enable: true, endpoint: sink.url } } },
      drives: [dir],
    })
    cleanups.push(once(() => withoutRelease.close()))
    await events.close() // one service at a time on the queue folder
    await withoutRelease.start()
    const staged = stage(withoutRelease, 'k')
    await put(storage, 'k', staged)
    expect(staged.done).toBe(true)
    await withoutRelease.idle()
    expect(sink.bodies.map(messageKey)).toEqual(['watched/k'])
    await withoutRelease.close()
    expect(storage.eventOutbox!.list()).toHaveLength(1)

    const again = await restart()
    await again.events.idle()
    expect(sink.bodies.map(messageKey)).toEqual(['watched/k'])
  })

  it('queues the event of a write once its commit is durable, and none for a refused write', async () => {
    const { storage, events, sink } = await setup()
    const first = stage(events, 'k')
    await put(storage, 'k', first)
    expect(first.done).toBe(true)
    const refused = stage(events, 'k')
    await expect(put(storage, 'k', refused, '*')).rejects.toMatchObject({ code: 'PreconditionFailed' })
    expect(refused.done).toBe(false)
    await events.idle()
    expect(sink.bodies.map(messageKey)).toEqual(['watched/k'])
  })

  it('stages nothing for a bucket nobody watches', async () => {
    const { storage, events } = await setup()
    await storage.createBucket('quiet', '')
    expect(events.stage({ name: 's3:ObjectCreated:Put', bucket: 'quiet', key: 'k' }, request)).toBeUndefined()
  })
})
