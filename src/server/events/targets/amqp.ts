import { randomUUID } from 'node:crypto'
import type { ChannelModel, ConfirmChannel } from 'amqplib'
import { consoleEventLog } from '../log.js'
import { type CommonParams, readCommonParams } from './common-params.js'
import { createLazyConnection, withTimeout } from './connection.js'
import { loadTargetLibrary } from './load-library.js'
import { buildTargetMessage, formatTargetArn } from './message.js'
import { readFields } from './params.js'
import { asTargetError } from './target-error.js'
import type { EventTarget, TargetFactory } from './types.js'

/** `notify.amqp.<id>`: see the seed's amqp parameter table. */
export type AmqpParams = CommonParams & {
  /** `amqp://user:password@host:port[/vhost]` or `amqps://...` */
  url: string
  /** Empty: the default exchange, where `routingKey` names a queue. */
  exchange: string
  routingKey: string
  /** Empty: the exchange must already exist (checked, not declared). */
  exchangeType?: string
  /** 0 or 1 transient, 2 persistent. */
  deliveryMode: number
  mandatory: boolean
  /**
   * Accepted and not sent: RabbitMQ (3.0 on) does not implement it and closes the connection of
   * a publish that sets it, so the target publishes without it and says so once at open.
   */
  immediate: boolean
  durable: boolean
  internal: boolean
  noWait: boolean
  autoDeleted: boolean
}

/** AMQP 0-9-1 target (RabbitMQ): publishes the common payload on a confirm channel. */
export const amqpTarget: TargetFactory<AmqpParams> = {
  kind: 'amqp',
  parse(raw, path = 'notify.amqp') {
    const r = readFields(raw, path)
    const params: AmqpParams = {
      ...readCommonParams(r),
      url: r.string('url', { required: true, check: checkAmqpUrl }),
      exchange: r.string('exchange') ?? '',
      routingKey: r.string('routingKey') ?? '',
      exchangeType: r.string('exchangeType'),
      deliveryMode: r.int('deliveryMode', 0, 2, 0),
      mandatory: r.bool('mandatory'),
      immediate: r.bool('immediate'),
      durable: r.bool('durable'),
      internal: r.bool('internal'),
      noWait: r.bool('noWait'),
      autoDeleted: r.bool('autoDeleted'),
    }
    r.done()
    return params
  },
  create(id, region, params) {
    return createAmqpTarget(formatTargetArn(region, id, 'amqp'), id, params)
  },
}

function checkAmqpUrl(value: string): string | undefined {
  try {
    const url = new URL(value)
    if (url.protocol === 'amqp:' || url.protocol === 'amqps:') return undefined
  } catch {}
  return 'must be an amqp:// or amqps:// URL'
}

/** A connection with its one confirm channel and the ids of messages the broker returned. */
type AmqpSession = { model: ChannelModel; channel: ConfirmChannel; returned: Set<string>; closedBy?: Error }

function createAmqpTarget(arn: string, id: string, params: AmqpParams): EventTarget {
  const conn = createLazyConnection<AmqpSession>(
    async (drop) => {
      const { connect } = await loadTargetLibrary('amqp', () => import('amqplib'))
      const model = await connect(params.url, { timeout: 5000, clientProperties: { connection_name: arn } })
      const session: AmqpSession = {
        model,
        channel: undefined as unknown as ConfirmChannel,
        returned: new Set(),
      }
      model.on('error', () => {}) // followed by 'close'
      model.on('close', () => drop(session))
      try {
        session.channel = await model.createConfirmChannel()
        // A channel error (e.g. the exchange was deleted: 404) closes the channel; start over.
        session.channel.on('error', (e: Error) => {
          session.closedBy = e // says why (404 NOT_FOUND...), where the confirm only says "channel closed"
        })
        session.channel.on('close', () => drop(session))
        session.channel.on('return', (m) => session.returned.add(String(m.properties.messageId)))
        await prepareExchange(session.channel, params)
      } catch (e) {
        await model.close().catch(() => {})
        throw e
      }
      return session
    },
    (session) => session.model.close(),
  )

  // The seed lists `immediate` as a publishing flag, but RabbitMQ answers a publish with it by
  // closing the connection (540 NOT_IMPLEMENTED - immediate=true, checked against 3.10), so
  // MinIO with `immediate: true` delivered nothing. amqplib never sends it; say so once.
  let immediateNoticed = !params.immediate
  const noticeImmediate = () => {
    if (immediateNoticed) return
    immediateNoticed = true
    consoleEventLog(
      `${arn}: immediate is set, but RabbitMQ does not implement it (a publish with it closes the connection: 540 NOT_IMPLEMENTED); events are published without it`,
    )
  }

  return {
    arn,
    kind: 'amqp',
    id,
    open: () =>
      asTargetError(arn, 'open', async () => {
        noticeImmediate()
        await conn.get()
      }),
    send: (event) =>
      asTargetError(arn, 'send', async () => {
        const session = await conn.get()
        try {
          await publish(session, params, Buffer.from(JSON.stringify(buildTargetMessage(event, 'amqp'))))
        } catch (e) {
          conn.drop(session) // the channel may be half-closed; the next send redials
          throw session.closedBy ?? e
        }
      }),
    isOnline: () => conn.isOnline(),
    close: () => conn.close(),
  }
}

/** Declares the exchange once per connection (MinIO redeclared it for every event). */
async function prepareExchange(channel: ConfirmChannel, params: AmqpParams): Promise<void> {
  if (!params.exchange) return // the default exchange cannot be declared
  if (!params.exchangeType) {
    await channel.checkExchange(params.exchange)
    return
  }
  // amqplib always waits for declare-ok, so `noWait` has no effect: it only hides errors.
  await channel.assertExchange(params.exchange, params.exchangeType, {
    durable: params.durable,
    internal: params.internal,
    autoDelete: params.autoDeleted,
  })
}

/** Publishes and waits for the broker's confirm; a mandatory message returned unroutable fails. */
async function publish(session: AmqpSession, params: AmqpParams, body: Buffer): Promise<void> {
  const messageId = randomUUID()
  const confirmed = new Promise<void>((resolve, reject) => {
    session.channel.publish(
      params.exchange,
      params.routingKey,
      body,
      {
        contentType: 'application/json',
        deliveryMode: params.deliveryMode || undefined,
        mandatory: params.mandatory,
        messageId,
      },
      (err: unknown) =>
        err ? reject(err instanceof Error ? err : new Error('broker nacked the message')) : resolve(),
    )
  })
  await withTimeout(confirmed, 10_000, 'waiting for the broker to confirm')
  // The broker sends basic.return before the ack of the same message, so it is known by now.
  if (session.returned.delete(messageId)) {
    throw new Error(
      `unroutable: no queue is bound to exchange '${params.exchange}' for routing key '${params.routingKey}' (mandatory)`,
    )
  }
}
