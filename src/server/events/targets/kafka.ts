import type { Kafka, Producer } from 'kafkajs'
import { type CommonParams, checkHostPort, readCommonParams } from './common-params.js'
import { createLazyConnection } from './connection.js'
import { loadTargetLibrary } from './load-library.js'
import { buildTargetMessage, formatTargetArn } from './message.js'
import { type FieldReader, readFields } from './params.js'
import { asTargetError } from './target-error.js'
import { type EventTarget, TargetConfigError, type TargetFactory } from './types.js'

/** `notify.kafka.<id>`: the seed's kafka table plus MinIO's `tls` and `sasl` (2018 facts §3.7). */
export type KafkaParams = CommonParams & {
  /** `<host>:<port>` of one or more brokers. */
  brokers: string[]
  topic: string
  tls: { enable: boolean; skipVerify: boolean }
  /** SASL/PLAIN credentials, when enabled. */
  sasl: { enable: boolean; username?: string; password?: string }
}

/** How long connecting and each broker request may take. */
const KAFKA_TIMEOUT_MS = 5000

/**
 * Kafka target (kafkajs): one message per event on `topic`, key `<bucket>/<object>`, value the
 * common payload, acknowledged by all in-sync replicas (`acks: -1`, as MinIO's WaitForAll).
 */
export const kafkaTarget: TargetFactory<KafkaParams> = {
  kind: 'kafka',
  parse(raw, path = 'notify.kafka') {
    const r = readFields(raw, path)
    const params: KafkaParams = {
      ...readCommonParams(r),
      brokers: r.stringArray('brokers', { required: true, check: checkHostPort }),
      topic: r.string('topic', {
        required: true,
        check: (v) =>
          /^[A-Za-z0-9._-]{1,249}$/.test(v) ? undefined : 'must be 1-249 letters, digits, ., _ or -',
      }),
      tls: readTls(r.object('tls')),
      sasl: readSasl(r.object('sasl')),
    }
    r.done()
    return params
  },
  create(id, region, params) {
    return createKafkaTarget(formatTargetArn(region, id, 'kafka'), id, params)
  },
}

function readTls(r: FieldReader): KafkaParams['tls'] {
  const tls = { enable: r.bool('enable'), skipVerify: r.bool('skipVerify') }
  // MinIO copied clientAuth into a server-side TLS setting, where it did nothing; accepted, unused.
  r.int('clientAuth', 0, 4, 0)
  r.done()
  return tls
}

function readSasl(r: FieldReader): KafkaParams['sasl'] {
  const sasl = { enable: r.bool('enable'), username: r.string('username'), password: r.string('password') }
  r.done()
  if (sasl.enable && (!sasl.username || sasl.password === undefined)) {
    throw new TargetConfigError(r.path, 'enable needs username and password (SASL/PLAIN)')
  }
  return sasl
}

function createKafkaTarget(arn: string, id: string, params: KafkaParams): EventTarget {
  let kafka: Kafka | undefined
  const conn = createLazyConnection<Producer>(
    async (drop) => {
      kafka ??= await createKafkaClient(arn, params)
      const producer = kafka.producer({ allowAutoTopicCreation: true })
      producer.on(producer.events.DISCONNECT, () => drop(producer))
      await producer.connect()
      return producer
    },
    (producer) => producer.disconnect(),
  )

  return {
    arn,
    kind: 'kafka',
    id,
    open: () => asTargetError(arn, 'open', async () => void (await conn.get())),
    send: (event) =>
      asTargetError(arn, 'send', async () => {
        const producer = await conn.get()
        await producer.send({
          topic: params.topic,
          acks: -1,
          timeout: KAFKA_TIMEOUT_MS,
          messages: [{ key: event.key, value: JSON.stringify(buildTargetMessage(event, 'kafka')) }],
        })
      }),
    isOnline: () => conn.isOnline(),
    close: () => conn.close(),
  }
}

/** The kafkajs client for a target, with its library loaded on first use. */
async function createKafkaClient(arn: string, params: KafkaParams): Promise<Kafka> {
  const { Kafka: KafkaClient, logLevel } = await loadTargetLibrary('kafka', () => import('kafkajs'))
  return new KafkaClient({
    clientId: arn,
    brokers: params.brokers,
    connectionTimeout: KAFKA_TIMEOUT_MS,
    requestTimeout: KAFKA_TIMEOUT_MS,
    // A couple of quick retries cover a leader change; anything longer is the sender's backoff.
    retry: { retries: 2, initialRetryTime: 100, maxRetryTime: 1000 },
    logLevel: logLevel.NOTHING,
    ...(params.tls.enable ? { ssl: { rejectUnauthorized: !params.tls.skipVerify } } : {}),
    ...(params.sasl.enable
      ? { sasl: { mechanism: 'plain', username: params.sasl.username!, password: params.sasl.password! } }
      : {}),
  })
}
