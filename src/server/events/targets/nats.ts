import { createHash } from 'node:crypto'
import type { ConnectionOptions, JetStreamClient, NatsConnection } from 'nats'
import { type CommonParams, checkHostPort, readCommonParams } from './common-params.js'
import { createLazyConnection } from './connection.js'
import { loadTargetLibrary } from './load-library.js'
import { buildTargetMessage, formatTargetArn } from './message.js'
import { ensureStream } from './nats-stream.js'
import { type FieldReader, readFields } from './params.js'
import { asTargetError, describeError } from './target-error.js'
import { type EventTarget, TargetConfigError, type TargetFactory } from './types.js'

/**
 * `notify.nats.<id>`: see the seed's nats parameter table. `streaming` (NATS Streaming, now
 * retired) is served by JetStream; docs/event-targets.md maps its fields.
 */
export type NatsParams = CommonParams & {
  /** `<host>:<port>` */
  address: string
  subject: string
  username?: string
  password?: string
  token?: string
  secure: boolean
  /** Seconds between client pings; 0 keeps the library default (MinIO parsed it but never used it). */
  pingInterval: number
  streaming: {
    enable: boolean
    /** Names the JetStream stream created for `subject` when no stream captures it. */
    clusterID?: string
    /** The connection name the server shows. */
    clientID?: string
    /** Accepted; publishes always wait for the ack (the durable queue already makes sending async). */
    async: boolean
    /** Accepted; at most one publish is in flight, since the sender delivers one event at a time. */
    maxPubAcksInflight: number
  }
}

/** NATS target: core publish + flush, or a JetStream publish that waits for the stream's ack. */
export const natsTarget: TargetFactory<NatsParams> = {
  kind: 'nats',
  parse(raw, path = 'notify.nats') {
    const r = readFields(raw, path)
    const params: NatsParams = {
      ...readCommonParams(r),
      address: r.string('address', { required: true, check: checkHostPort }),
      subject: r.string('subject', {
        required: true,
        check: (v) =>
          /^[^\s*>.]+(\.[^\s*>.]+)*$/.test(v) ? undefined : 'must be a subject without wildcards',
      }),
      username: r.string('username'),
      password: r.string('password'),
      token: r.string('token'),
      secure: r.bool('secure'),
      pingInterval: r.int('pingInterval', 0, 86_400, 0),
      streaming: readStreaming(r.object('streaming')),
    }
    r.done()
    return params
  },
  create(id, region, params) {
    return createNatsTarget(formatTargetArn(region, id, 'nats'), id, params)
  },
}

function readStreaming(r: FieldReader): NatsParams['streaming'] {
  const enable = r.bool('enable')
  const streaming = {
    enable,
    clusterID: r.string('clusterID'),
    clientID: r.string('clientID'),
    async: r.bool('async'),
    maxPubAcksInflight: r.int('maxPubAcksInflight', 0, 2 ** 31 - 1, 0),
  }
  r.done()
  if (enable && !streaming.clusterID)
    throw new TargetConfigError(r.at('clusterID'), 'is required when streaming is enabled')
  return streaming
}

/** Connects, saying where to: the client's own error is a bare code such as CONNECTION_REFUSED. */
async function dial(options: ConnectionOptions): Promise<NatsConnection> {
  const { connect } = await loadTargetLibrary('nats', () => import('nats'))
  try {
    return await connect(options)
  } catch (e) {
    throw new Error(`cannot connect to ${options.servers}: ${describeError(e)}`)
  }
}

type NatsSession = { nc: NatsConnection; js?: JetStreamClient }

function createNatsTarget(arn: string, id: string, params: NatsParams): EventTarget {
  const conn = createLazyConnection<NatsSession>(
    async (drop) => {
      const nc = await dial({
        servers: params.address,
        user: params.username,
        pass: params.password,
        token: params.token,
        tls: params.secure ? {} : undefined,
        name: params.streaming.clientID ?? arn,
        timeout: 5000,
        ...(params.pingInterval ? { pingInterval: params.pingInterval * 1000 } : {}),
        // Reconnecting inside the client would buffer publishes and let flush wait; instead the
        // next send dials again (connection.ts).
        reconnect: false,
      })
      const session: NatsSession = { nc }
      nc.closed().then(() => drop(session))
      if (!params.streaming.enable) return session
      try {
        await ensureStream(await nc.jetstreamManager(), params.subject, params.streaming.clusterID!)
      } catch (e) {
        await nc.close()
        throw e
      }
      session.js = nc.jetstream()
      return session
    },
    ({ nc }) => nc.close(),
  )

  return {
    arn,
    kind: 'nats',
    id,
    open: () => asTargetError(arn, 'open', async () => void (await conn.get())),
    send: (event) =>
      asTargetError(arn, 'send', async () => {
        const session = await conn.get()
        const body = Buffer.from(JSON.stringify(buildTargetMessage(event, 'nats')))
        if (session.js) {
          // The same event retried after a lost ack carries the same id, so the stream keeps one copy.
          const msgID = createHash('sha256').update(body).digest('hex')
          await session.js.publish(params.subject, body, { msgID, timeout: 10_000 })
        } else {
          session.nc.publish(params.subject, body)
          await session.nc.flush() // the server answered a PING sent after the message
        }
      }),
    isOnline: () => conn.isOnline(({ nc }) => !nc.isClosed()),
    close: () => conn.close(),
  }
}
