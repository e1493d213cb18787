import type { TargetKind } from '../events/targets/types.js'

/**
 * The parameters of each target kind as the seed's "Notification target parameters" tables
 * list them, each at its default, `enable` false. A fresh server's `config get` shows one
 * instance `"1"` of each, so a user edits `enable` and the address fields, `config set`s the
 * document back and restarts (the seed's walkthroughs). A disabled instance is never checked
 * or started, so the template itself always validates.
 *
 * Defaults: `""` for an unset string (the parsers read `""` as absent, as older files hold),
 * `false`, `0` for unset numbers, and the seed's own defaults where it names one (mqtt
 * `queueLimit` 10000, postgresql `host` localhost and `port` 5432). `format` is `namespace`,
 * the first of the two the seed allows, so a database target works once its address and
 * table are filled in; change it to `access` for an append-only log.
 */
const TEMPLATE: Record<TargetKind, Record<string, unknown>> = {
  amqp: {
    enable: false,
    url: '',
    exchange: '',
    routingKey: '',
    exchangeType: '',
    deliveryMode: 0,
    mandatory: false,
    immediate: false,
    durable: false,
    internal: false,
    noWait: false,
    autoDeleted: false,
  },
  mqtt: {
    enable: false,
    broker: '',
    topic: '',
    qos: 0,
    username: '',
    password: '',
    queueDir: '',
    queueLimit: 10_000,
  },
  elasticsearch: { enable: false, format: 'namespace', url: '', index: '' },
  redis: { enable: false, format: 'namespace', address: '', password: '', key: '' },
  nats: {
    enable: false,
    address: '',
    subject: '',
    username: '',
    password: '',
    token: '',
    secure: false,
    pingInterval: 0,
    streaming: { enable: false, clusterID: '', clientID: '', async: false, maxPubAcksInflight: 0 },
  },
  postgresql: {
    enable: false,
    format: 'namespace',
    connectionString: '',
    table: '',
    host: 'localhost',
    port: '5432',
    user: '',
    password: '',
    database: '',
  },
  mysql: {
    enable: false,
    format: 'namespace',
    dsnString: '',
    table: '',
    host: '',
    port: '',
    user: '',
    password: '',
    database: '',
  },
  kafka: { enable: false, brokers: [], topic: '' },
  webhook: { enable: false, endpoint: '' },
  nsq: { enable: false, nsqdAddress: '', topic: '', tls: { enable: false, skipVerify: false } },
}

/**
 * A fresh copy of the `notify` template: every target kind, each with a disabled instance "1"
 * holding all its parameters at their defaults.
 *
 * @example createNotifyTemplate().webhook // { '1': { enable: false, endpoint: '' } }
 */
export function createNotifyTemplate(): Record<string, Record<string, Record<string, unknown>>> {
  const copy = structuredClone(TEMPLATE)
  return Object.fromEntries(Object.entries(copy).map(([kind, params]) => [kind, { '1': params }]))
}
