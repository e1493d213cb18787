/**
 * Bucket notification configuration on the server: the SQS ARNs banner line, validation with
 * S3 errors, the stored document across restarts, and a target gone from the configuration not
 * breaking other buckets (MinIO #7707).
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Client } from '../../src/index.js'
import { createServer, type Logger } from '../../src/server/index.js'
import { messageKey } from '../server/events/support/expected-message.js'
import { startWebhookSink } from '../server/events/support/sinks.js'
import { findClosedPort } from '../server/events/targets/helpers/service.js'
import { watchBucket } from './helpers/events.js'
import { errorCode, sendSigned } from './helpers/raw-request.js'

const ROOT = { rootUser: 'config-root', rootPassword: 'config-root-secret' }
const AUTH = { accessKey: ROOT.rootUser, secretKey: ROOT.rootPassword }
let dir: string
let sink: Awaited<ReturnType<typeof startWebhookSink>>
let closedPort: number

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'silo-events-config-'))
  sink = await startWebhookSink()
  closedPort = await findClosedPort()
})
afterAll(async () => {
  await sink.close()
  await rm(dir, { recursive: true, force: true })
})

function capture(): Logger & { lines: string[] } {
  const lines: string[] = []
  return { lines, info: (m) => lines.push(m), warn: (m) => lines.push(m), error: (m) => lines.push(m) }
}

async function start(notify: unknown, logger = capture()) {
  const server = createServer({ dir, address: '127.0.0.1:0', ...ROOT, logger, notify })
  const { url, port } = await server.start()
  const client = new Client({ endPoint: '127.0.0.1', port, useSSL: false, ...AUTH })
  return { server, url, client, logger }
}

const queueXml = (arn: string, extra = '') =>
  `<NotificationConfiguration><QueueConfiguration><Queue>${arn}</Queue><Event>s3:ObjectCreated:*</Event>${extra}</QueueConfiguration></NotificationConfiguration>`

describe('bucket notification configuration', () => {
  it('prints SQS ARNs only for targets that started; a target that is down is still configurable and its queue takes events', async () => {
    const notify = {
      webhook: { '1': { enable: true, endpoint: sink.url } },
      redis: { '1': { enable: true, format: 'access', address: `127.0.0.1:${closedPort}`, key: 'k' } },
      mqtt: { '1': { enable: true, broker: 'tcp://127.0.0.1:1883', topic: 'a/#' } }, // bad: wildcard topic
    }
    const { server, url, client, logger } = await start(notify)
    try {
      const banner = logger.lines.find((l) => l.startsWith('Endpoint:'))
      expect(banner).toMatch(/\nSQS ARNs: arn:silo:sqs::1:webhook$/)
      expect(logger.lines.join('\n')).toContain('notify.mqtt["1"].topic')
      await client.makeBucket('down-target')
      await watchBucket(client, 'down-target', 'arn:silo:sqs::1:redis')
      const unknown = await sendSigned(url, {
        method: 'PUT',
        path: '/down-target',
        query: { notification: '' },
        body: queueXml('arn:silo:sqs::1:mqtt'),
        ...AUTH,
      })
      expect([unknown.status, errorCode(unknown.body)]).toEqual([400, 'InvalidArgument'])
      expect(unknown.body).toContain('arn:silo:sqs::1:mqtt')
    } finally {
      await server.stop()
    }
  })

  it.each([
    ['not XML', 'MalformedXML', 'hello'],
    [
      'a rule without events',
      'MalformedXML',
      '<NotificationConfiguration><QueueConfiguration><Queue>arn:silo:sqs::1:webhook</Queue></QueueConfiguration></NotificationConfiguration>',
    ],
    [
      'an unknown event',
      'InvalidArgument',
      queueXml('arn:silo:sqs::1:webhook').replace('s3:ObjectCreated:*', 's3:ObjectMoved:*'),
    ],
    [
      'a topic configuration',
      'UnsupportedNotification',
      '<NotificationConfiguration><TopicConfiguration><Topic>arn:aws:sns:us-east-1:1:t</Topic><Event>s3:ObjectCreated:*</Event></TopicConfiguration></NotificationConfiguration>',
    ],
    ['a malformed ARN', 'InvalidArgument', queueXml('arn:silo:sqs:webhook')],
    [
      'a repeated rule (same target, events and filter)',
      'InvalidArgument',
      queueXml('arn:silo:sqs::1:webhook').replace(
        '</NotificationConfiguration>',
        '<QueueConfiguration><Queue>arn:silo:sqs::1:webhook</Queue><Event>s3:ObjectCreated:*</Event></QueueConfiguration></NotificationConfiguration>',
      ),
    ],
    [
      'a filter value with ..',
      'InvalidArgument',
      queueXml(
        'arn:silo:sqs::1:webhook',
        '<Filter><S3Key><FilterRule><Name>prefix</Name><Value>a/../b</Value></FilterRule></S3Key></Filter>',
      ),
    ],
  ])('refuses %s with %s and stores nothing', async (_, code, body) => {
    const { server, url, client } = await start({ webhook: { '1': { enable: true, endpoint: sink.url } } })
    try {
      if (!(await client.bucketExists('refusals'))) await client.makeBucket('refusals')
      const res = await sendSigned(url, {
        method: 'PUT',
        path: '/refusals',
        query: { notification: '' },
        body,
        ...AUTH,
      })
      expect([res.status, errorCode(res.body)]).toEqual([400, code])
      expect((await client.getBucketNotification('refusals')).QueueConfiguration).toEqual([])
    } finally {
      await server.stop()
    }
  })

  it('answers NoSuchBucket for a missing bucket, and an empty configuration in the S3 namespace when none is set', async () => {
    const { server, url, client } = await start(undefined)
    try {
      const missing = await sendSigned(url, {
        method: 'PUT',
        path: '/no-such-bucket',
        query: { notification: '' },
        body: queueXml('arn:silo:sqs::1:webhook'),
        ...AUTH,
      })
      expect(errorCode(missing.body)).toBe('NoSuchBucket')
      await client.makeBucket('empty-config')
      const res = await sendSigned(url, {
        method: 'GET',
        path: '/empty-config',
        query: { notification: '' },
        ...AUTH,
      })
      expect(res.body).toContain(
        '<NotificationConfiguration xmlns="http://s3.amazonaws.com/doc/2006-03-01/"></NotificationConfiguration>',
      )
    } finally {
      await server.stop()
    }
  })

  it('keeps every bucket delivering after a restart that dropped a target another bucket names (MinIO #7707)', async () => {
    const two = {
      webhook: { '1': { enable: true, endpoint: sink.url }, '2': { enable: true, endpoint: sink.url } },
    }
    const before = await start(two)
    await before.client.makeBucket('aaa-stale')
    await before.client.makeBucket('zzz-fine')
    await watchBucket(before.client, 'aaa-stale', 'arn:silo:sqs::2:webhook')
    await watchBucket(before.client, 'zzz-fine', 'arn:silo:sqs::1:webhook')
    await before.server.stop()

    const after = await start({ webhook: { '1': two.webhook['1'] } })
    try {
      expect(after.logger.lines.join('\n')).toContain(
        'bucket aaa-stale: arn:silo:sqs::2:webhook is not a configured target',
      )
      const already = sink.bodies.length
      await after.client.putObject('zzz-fine', 'after-restart', Buffer.from('x'))
      await after.client.putObject('aaa-stale', 'goes-nowhere', Buffer.from('x'))
      await expect.poll(() => sink.bodies.length).toBe(already + 1)
      expect(messageKey(sink.bodies.at(-1))).toBe('zzz-fine/after-restart')
      // The stale configuration is still stored and readable.
      expect((await after.client.getBucketNotification('aaa-stale')).QueueConfiguration?.[0]?.Queue).toBe(
        'arn:silo:sqs::2:webhook',
      )
    } finally {
      await after.server.stop()
    }
  })
})
