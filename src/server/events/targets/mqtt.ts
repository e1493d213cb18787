import { randomBytes } from 'node:crypto'
import type { MqttClient } from 'mqtt'
import { type CommonParams, readCommonParams } from './common-params.js'
import { createLazyConnection, withTimeout } from './connection.js'
import { loadTargetLibrary } from './load-library.js'
import { buildTargetMessage, formatTargetArn } from './message.js'
import { readFields } from './params.js'
import { asTargetError } from './target-error.js'
import type { EventTarget, TargetFactory } from './types.js'

/** `notify.mqtt.<id>`: see the seed's mqtt parameter table. */
export type MqttParams = CommonParams & {
  /** As configured: `tcp://`, `tls://` or `ws://` (MinIO also took ssl, tcps, wss). */
  broker: string
  topic: string
  qos: 0 | 1 | 2
  username?: string
  password?: string
}

/** The seed's broker schemes mapped to the ones mqtt.js dials. */
const SCHEMES: Record<string, string> = {
  'tcp:': 'mqtt:',
  'tls:': 'mqtts:',
  'ssl:': 'mqtts:',
  'tcps:': 'mqtts:',
  'ws:': 'ws:',
  'wss:': 'wss:',
}

/** MQTT 3.1.1 target: publishes the common payload to `topic` at `qos`, retain off. */
export const mqttTarget: TargetFactory<MqttParams> = {
  kind: 'mqtt',
  parse(raw, path = 'notify.mqtt') {
    const r = readFields(raw, path)
    const params: MqttParams = {
      ...readCommonParams(r),
      broker: r.string('broker', { required: true, check: checkBroker }),
      topic: r.string('topic', {
        required: true,
        check: (v) => (/[#+]/.test(v) ? 'must not contain the wildcards # or +' : undefined),
      }),
      qos: r.int('qos', 0, 2, 0) as 0 | 1 | 2,
      username: r.string('username'),
      password: r.string('password'),
    }
    r.done()
    return params
  },
  create(id, region, params) {
    return createMqttTarget(formatTargetArn(region, id, 'mqtt'), id, params)
  },
}

function checkBroker(value: string): string | undefined {
  try {
    if (new URL(value).protocol in SCHEMES) return undefined
  } catch {}
  return 'must be a URL with scheme tcp://, tls:// or ws:// (also ssl, tcps, wss)'
}

/** The mqtt.js URL for a configured broker: `tcp://h:1883` → `mqtt://h:1883`. */
export function toMqttJsUrl(broker: string): string {
  const url = new URL(broker)
  return broker.replace(/^[a-z]+:/, SCHEMES[url.protocol] ?? url.protocol)
}

function createMqttTarget(arn: string, id: string, params: MqttParams): EventTarget {
  const conn = createLazyConnection<MqttClient>(
    async (drop) => {
      const { connectAsync } = await loadTargetLibrary('mqtt', () => import('mqtt'))
      const client = await connectAsync(toMqttJsUrl(params.broker), {
        protocolVersion: 4,
        clean: true,
        clientId: `silo-${randomBytes(6).toString('hex')}`,
        username: params.username,
        password: params.password,
        connectTimeout: 5000,
        // No library reconnect loop: with it, a publish waits silently for a broker that may never
        // come back. The next send dials again instead (connection.ts).
        reconnectPeriod: 0,
      })
      client.on('error', () => {}) // followed by 'close'
      client.on('close', () => drop(client))
      return client
    },
    (client) => client.endAsync(true),
  )

  return {
    arn,
    kind: 'mqtt',
    id,
    open: () => asTargetError(arn, 'open', async () => void (await conn.get())),
    send: (event) =>
      asTargetError(arn, 'send', async () => {
        const client = await conn.get()
        const body = JSON.stringify(buildTargetMessage(event, 'mqtt'))
        // Resolves at PUBACK (qos 1) or PUBCOMP (qos 2); qos 0 once written to the socket.
        const published = client.publishAsync(params.topic, body, { qos: params.qos, retain: false })
        // With reconnect off, mqtt.js may never call back for a qos 1/2 publish cut off by a close.
        let onClose = () => {}
        const closed = new Promise<never>((_, reject) => {
          onClose = () => reject(new Error('connection closed before the publish completed'))
          client.once('close', onClose)
        })
        try {
          await withTimeout(Promise.race([published, closed]), 10_000, `publishing at qos ${params.qos}`)
        } catch (e) {
          conn.drop(client)
          throw e
        } finally {
          client.removeListener('close', onClose)
        }
      }),
    isOnline: () => conn.isOnline((client) => client.connected),
    close: () => conn.close(),
  }
}
