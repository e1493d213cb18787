import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { createBucketEvents } from '../../../src/server/events/bucket-events.js'
import type { ObjectLayer } from '../../../src/server/storage/object-layer.js'
import { openSingleDrive } from '../../../src/server/storage/single-drive.js'
import { EVENT_REQUEST } from './helpers.js'

const request = EVENT_REQUEST
const cleanups: (() => Promise<unknown>)[] = []
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c()
})

async function setup(notify?: unknown, withDrive = false) {
  const dir = await mkdtemp(join(tmpdir(), 'silo-bucket-events-'))
  const storage: ObjectLayer = await openSingleDrive(dir)
  cleanups.push(
    () => rm(dir, { recursive: true, force: true }),
    () => storage.close(),
  )
  const log: string[] = []
  const events = createBucketEvents({
    storage,
    region: 'us-east-1',
    ownerAccessKey: 'owner',
    log: (m) => log.push(m),
    notify,
    originEndpoint: () => 'http://127.0.0.1:9000',
    ...(withDrive ? { drives: [dir] } : {}),
  })
  cleanups.push(() => events.close())
  await storage.createBucket('watched', '')
  return { storage, events, log, dir }
}

describe('bucket events service', () => {
  it('builds no record for a bucket nobody watches', async () => {
    const { events } = await setup()
    // An object whose getters throw: touching it would fail the publish.
    const poisoned = new Proxy(
      {},
      {
        get: () => {
          throw new Error('record built')
        },
      },
    ) as never
    await expect(
      events.publish(
        [{ name: 's3:ObjectCreated:Put', bucket: 'watched', key: 'k', object: poisoned }],
        request,
      ),
    ).resolves.toBeUndefined()
  })

  it('feeds listeners records built from the object and the request', async () => {
    const { events } = await setup()
    await events.start()
    const subscription = events.subscribe({ bucket: 'watched', events: ['s3:ObjectCreated:*'] })
    const info = {
      bucket: 'watched',
      key: 'a b',
      size: 3,
      etag: 'e1',
      lastModified: new Date(),
      contentType: 'text/plain',
      headers: { 'x-amz-meta-k': 'v', 'cache-control': 'no' },
    }
    await events.publish(
      [{ name: 's3:ObjectCreated:Put', bucket: 'watched', key: 'a b', object: info }],
      request,
    )
    const { value } = await subscription[Symbol.asyncIterator]().next()
    expect(value).toMatchObject({
      awsRegion: '', // the seed's current setups, whatever the server region
      userIdentity: { principalId: 'AK' },
      responseElements: { 'x-amz-request-id': 'R1', 'x-silo-origin-endpoint': 'http://127.0.0.1:9000' },
      s3: {
        bucket: { ownerIdentity: { principalId: 'owner' } },
        object: {
          key: 'a+b',
          size: 3,
          eTag: 'e1',
          contentType: 'text/plain',
          userMetadata: { 'x-amz-meta-k': 'v' },
        },
      },
      source: { host: '127.0.0.1', port: '5000', userAgent: 'ua' },
    })
    subscription.close()
  })

  it('loads stored rules at start, logging a rule whose target is gone without dropping the others', async () => {
    const webhook = (endpoint: string) => ({ enable: true, endpoint })
    const first = await setup({
      webhook: { '1': webhook('http://127.0.0.1:9/'), '2': webhook('http://127.0.0.1:9/') },
    })
    await first.events.start()
    const rule = (id: string, prefix: string) =>
      `<QueueConfiguration><Queue>arn:silo:sqs::${id}:webhook</Queue><Event>s3:ObjectCreated:*</Event><Filter><S3Key><FilterRule><Name>prefix</Name><Value>${prefix}</Value></FilterRule></S3Key></Filter></QueueConfiguration>`
    await first.events.putBucketConfig(
      'watched',
      `<NotificationConfiguration>${rule('1', 'a/')}${rule('2', 'b/')}</NotificationConfiguration>`,
    )
    await first.events.close()

    const log: string[] = []
    const again = createBucketEvents({
      storage: first.storage,
      region: 'us-east-1',
      ownerAccessKey: 'o',
      log: (m) => log.push(m),
      notify: { webhook: { '1': webhook('http://127.0.0.1:9/') } },
    })
    cleanups.push(() => again.close())
    await again.start()
    expect(log).toContain(
      'bucket watched: arn:silo:sqs::2:webhook is not a configured target; its events are not sent',
    )
    expect((await again.getBucketConfig('watched')).queues.map((q) => q.arn)).toEqual([
      'arn:silo:sqs::1:webhook',
      'arn:silo:sqs::2:webhook',
    ])
    await again.publish([{ name: 's3:ObjectCreated:Put', bucket: 'watched', key: 'a/x' }], request)
    expect(again.stats()['arn:silo:sqs::1:webhook']?.queued).toBe(1)
  })

  it("keeps each target's queue on the drive by default, in .silo.sys/events/<kind>-<id>", async () => {
    const { events, dir } = await setup(
      { webhook: { '1': { enable: true, endpoint: 'http://127.0.0.1:9/' } } },
      true,
    )
    await events.start()
    expect(await readdir(join(dir, '.silo.sys', 'events'))).toEqual(['webhook-1'])
  })

  it('makes no queue folder when no target is configured', async () => {
    const { events, dir } = await setup(undefined, true)
    await events.start()
    expect(await readdir(join(dir, '.silo.sys'))).not.toContain('events')
  })
})
