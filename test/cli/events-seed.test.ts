/**
 * Bucket events as a user following the seed meets them through the CLI (issue 16): one rule
 * per target for the same events (webhook, redis, nats, kafka and nsq all take one bucket's
 * events), each target getting each event once; the seed's message shape on each kind; the ARN
 * region `us-east-1` of older setups; the older sub-command name `events`.
 *
 * Real services where the machine has them (redis 6379, nats 4222: skipped with a reason when
 * missing, a failure under CI=true); kafka and nsq are the wire-level stand-ins of
 * test/server/events/targets/standins, spoken to by the real client libraries.
 */
import { writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { expectedMessage } from '../server/events/support/expected-message.js'
import { type Sink, startNatsSink, startWebhookSink } from '../server/events/support/sinks.js'
import { checkService, uniqueName } from '../server/events/targets/helpers/service.js'
import { type KafkaStandin, startKafkaStandin } from '../server/events/targets/standins/kafka-broker.js'
import { type NsqdStandin, startNsqdStandin } from '../server/events/targets/standins/nsqd.js'
import { CLI_BUILT, type CliEnv, startCliEnv } from './helpers/cli.js'

const WEBHOOK = 'arn:silo:sqs::1:webhook'
const REDIS = 'arn:silo:sqs::1:redis'
const NATS = 'arn:silo:sqs::1:nats'
const KAFKA = 'arn:silo:sqs::1:kafka'
const NSQ = 'arn:silo:sqs::1:nsq'
const U = uniqueName('seed').toLowerCase()

type Rec = { eventName: string; eventTime: string; s3: { bucket: { name: string }; object: { key: string } } }
type Message = { Records: Rec[] } & Record<string, unknown>

describe.skipIf(!CLI_BUILT)('bucket events through the CLI, as the seed describes them', () => {
  let env: CliEnv
  let webhook: Awaited<ReturnType<typeof startWebhookSink>>
  let kafka: KafkaStandin
  let nsqd: NsqdStandin
  let nats: Sink | undefined
  let redis: Redis | undefined
  const file = join(tmpdir(), `silo-cli-events-seed-${process.pid}.jpg`)

  beforeAll(async () => {
    webhook = await startWebhookSink()
    kafka = await startKafkaStandin()
    nsqd = await startNsqdStandin()
    env = await startCliEnv()
    const notify: Record<string, Record<string, Record<string, unknown>>> = {
      webhook: { '1': { enable: true, endpoint: webhook.url } },
      kafka: { '1': { enable: true, brokers: [`127.0.0.1:${kafka.port}`], topic: `${U}_k` } },
      nsq: { '1': { enable: true, nsqdAddress: `127.0.0.1:${nsqd.port}`, topic: `${U}_n` } },
    }
    if ((await checkService('redis', 6379)).up) {
      notify.redis = { '1': { enable: true, format: 'access', address: '127.0.0.1:6379', key: `${U}_r` } }
      redis = new Redis({ host: '127.0.0.1', port: 6379 })
    }
    if ((await checkService('nats', 4222)).up) {
      notify.nats = { '1': { enable: true, address: '127.0.0.1:4222', subject: `${U}.events` } }
      nats = await startNatsSink(`${U}.events`)
    }
    // A server region other than us-east-1, so the older ARN region is not simply the server's.
    const config = { version: '1', region: 'eu-west-1', notify }
    const set = await env.run(['admin', 'config', 'set', 'local'], { input: JSON.stringify(config) })
    expect(set.code, set.stderr).toBe(0)
    const restart = await env.run(['admin', 'service', 'restart', 'local'])
    expect(restart.code, restart.stderr).toBe(0)
    await writeFile(file, 'jpeg bytes')
  }, 60_000)

  afterAll(async () => {
    await env?.stop()
    await redis?.del(`${U}_r`)
    redis?.disconnect()
    await nats?.close()
    await webhook?.close()
    await kafka?.close()
    await nsqd?.close()
  })

  const webhookMessages = (bucket: string) =>
    (webhook.bodies as Message[]).filter((m) => m.Records[0]?.s3.bucket.name === bucket)
  const keysOf = (messages: Message[]) => messages.map((m) => m.Records[0]!.s3.object.key)

  async function makeBucket(bucket: string): Promise<void> {
    const mb = await env.run(['mb', `local/${bucket}`])
    expect(mb.code, mb.stderr).toBe(0)
  }

  /** Uploads `keys` then a last `sentinel`; a target's queue is in order, so its sentinel comes last. */
  async function upload(bucket: string, keys: string[]): Promise<void> {
    for (const key of [...keys, 'sentinel']) {
      const cp = await env.run(['cp', file, `local/${bucket}/${key}`])
      expect(cp.code, cp.stderr).toBe(0)
    }
  }

  it('one bucket, the same events to two targets: a rule per target; only an exact repeat is refused', async (ctx) => {
    if (!redis) return ctx.skip()
    const bucket = `${U}-two`.replaceAll('_', '-')
    await makeBucket(bucket)
    expect((await env.run(['event', 'add', `local/${bucket}`, WEBHOOK])).stdout).toBe(
      `Successfully added ${WEBHOOK}\n`,
    )
    const second = await env.run(['event', 'add', `local/${bucket}`, REDIS, '--suffix', '.jpg'])
    expect(second, second.stderr).toMatchObject({ code: 0, stdout: `Successfully added ${REDIS}\n` })
    // The same target again with a narrower, overlapping rule: allowed, and still one event each.
    const narrower = await env.run([
      'event',
      'add',
      `local/${bucket}`,
      WEBHOOK,
      '--event',
      'put',
      '--suffix',
      '.jpg',
    ])
    expect(narrower.code, narrower.stderr).toBe(0)
    // An exact repeat of a rule for the same target is the one refusal.
    const repeat = await env.run(['event', 'add', `local/${bucket}`, REDIS, '--suffix', '.jpg'])
    expect(repeat.code).toBe(1)
    expect(repeat.stderr).toMatch(
      /^silo: cannot add "arn:silo:sqs::1:redis" to "local\/.*": .*overlapping prefixes.*QueueConfiguration #4 repeats QueueConfiguration #2 \(the same target arn:silo:sqs::1:redis, the same events and the same filter\)/,
    )
    expect((await env.run(['event', 'list', `local/${bucket}`])).stdout.trim().split('\n')).toHaveLength(3)

    await upload(bucket, ['cat.jpg', 'notes.txt'])
    await expect
      .poll(() => keysOf(webhookMessages(bucket)).includes('sentinel'), { timeout: 10_000 })
      .toBe(true)
    expect(keysOf(webhookMessages(bucket))).toEqual(['cat.jpg', 'notes.txt', 'sentinel'])
    // redis took only the .jpg key (its --suffix), once; wait for it through a second upload.
    await upload(bucket, ['dog.jpg'])
    const redisKeys = async () =>
      (await redis!.lrange(`${U}_r`, 0, -1)).map((entry) => {
        const match = /"key":"([^"]*)"/.exec(entry)
        return match?.[1]
      })
    await expect.poll(async () => (await redisKeys()).includes('dog.jpg'), { timeout: 10_000 }).toBe(true)
    expect(await redisKeys()).toEqual(['cat.jpg', 'dog.jpg'])
  })

  it('each kind publishes the seed message: Records, level, msg, time, and EventType/EventName/Key where the seed has them', async () => {
    const bucket = `${U}-shape`.replaceAll('_', '-')
    await makeBucket(bucket)
    const arns = [WEBHOOK, KAFKA, NSQ, ...(nats ? [NATS] : [])]
    for (const arn of arns) {
      const added = await env.run(['event', 'add', `local/${bucket}`, arn, '--event', 'put'])
      expect(added.code, added.stderr).toBe(0)
    }
    await upload(bucket, ['photos/a b.jpg'])
    const read: Record<string, () => Promise<Message[]>> = {
      webhook: async () => webhookMessages(bucket),
      kafka: async () => kafka.messages.filter((m) => m.topic === `${U}_k`).map((m) => JSON.parse(m.value!)),
      nsq: async () => nsqd.messages.filter((m) => m.topic === `${U}_n`).map((m) => JSON.parse(m.body)),
      nats: async () => ((await nats?.read()) ?? []) as Message[],
    }
    for (const arn of arns) {
      const kind = arn.split(':')[5]!
      const mine = async () => (await read[kind]!()).filter((m) => m.Records[0]?.s3.bucket.name === bucket)
      await expect.poll(async () => keysOf(await mine()).includes('sentinel'), { timeout: 10_000 }).toBe(true)
      const [message] = await mine()
      const record = message!.Records[0]!
      expect(message, kind).toStrictEqual(
        expectedMessage(kind, {
          eventName: 's3:ObjectCreated:Put',
          key: `${bucket}/photos/a b.jpg`,
          eventTime: record.eventTime,
          record,
        }),
      )
      expect(record).toMatchObject({
        awsRegion: '',
        eventTime: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
        responseElements: {
          'x-amz-request-id': expect.stringMatching(/^[0-9A-F]{16}$/),
          'x-silo-origin-endpoint': env.server.url,
        },
        source: { host: '127.0.0.1', port: expect.stringMatching(/^\d+$/), userAgent: expect.any(String) },
      })
    }
  })

  it('accepts the ARN region us-east-1 of older setups: delivered to instance 1, listed as stored', async () => {
    const bucket = `${U}-older`.replaceAll('_', '-')
    const older = 'arn:silo:sqs:us-east-1:1:webhook'
    await makeBucket(bucket)
    const added = await env.run(['event', 'add', `local/${bucket}`, older])
    expect(added, added.stderr).toMatchObject({ code: 0, stdout: `Successfully added ${older}\n` })
    expect((await env.run(['event', 'list', `local/${bucket}`])).stdout).toMatch(
      new RegExp(`^${older}\\s+s3:ObjectCreated:\\*,s3:ObjectRemoved:\\*\\n$`),
    )
    await upload(bucket, ['old.jpg'])
    await expect
      .poll(() => keysOf(webhookMessages(bucket)), { timeout: 10_000 })
      .toEqual(['old.jpg', 'sentinel'])
  })

  it('the older sub-command name `events` works beside `event`', async () => {
    const bucket = `${U}-alias`.replaceAll('_', '-')
    await makeBucket(bucket)
    const added = await env.run(['events', 'add', `local/${bucket}`, WEBHOOK, '--suffix', '.png'])
    expect(added, added.stderr).toMatchObject({ code: 0, stdout: `Successfully added ${WEBHOOK}\n` })
    const listed = await env.run(['events', 'list', `local/${bucket}`])
    expect(listed.stdout).toBe((await env.run(['event', 'list', `local/${bucket}`])).stdout)
    expect(listed.stdout).toContain('Filter: suffix=.png')
    expect((await env.run(['events', 'remove', `local/${bucket}`, WEBHOOK])).code).toBe(0)
    expect((await env.run(['event', 'list', `local/${bucket}`])).stdout).toBe('')
  })
})
