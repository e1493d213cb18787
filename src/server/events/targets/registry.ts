import { amqpTarget } from './amqp.js'
import type { CommonParams } from './common-params.js'
import { elasticsearchTarget } from './elasticsearch.js'
import { kafkaTarget } from './kafka.js'
import { mqttTarget } from './mqtt.js'
import { mysqlTarget } from './mysql.js'
import { natsTarget } from './nats.js'
import { nsqTarget } from './nsq.js'
import { postgresqlTarget } from './postgresql.js'
import { redisTarget } from './redis.js'
import {
  type EventTarget,
  TARGET_KINDS,
  TargetConfigError,
  type TargetFactory,
  type TargetKind,
  type TargetParams,
} from './types.js'
import { webhookTarget } from './webhook.js'

/** The kinds this build can deliver to: all ten of the seed's, one file each. */
export const TARGET_FACTORIES: Partial<Record<TargetKind, TargetFactory>> = {
  amqp: amqpTarget,
  mqtt: mqttTarget,
  elasticsearch: elasticsearchTarget,
  redis: redisTarget,
  nats: natsTarget,
  postgresql: postgresqlTarget,
  mysql: mysqlTarget,
  kafka: kafkaTarget,
  webhook: webhookTarget,
  nsq: nsqTarget,
}

/** One enabled instance from the configuration's `notify` member, validated. */
export interface ConfiguredTarget {
  kind: TargetKind
  id: string
  params: TargetParams & CommonParams
}

/**
 * Validates a whole `notify` member (`{ kind: { id: params } }`) and lists the enabled
 * instances, in the seed's kind order. An instance with `enable: false` is skipped without
 * checking its other fields (as MinIO does), so a half-written disabled entry is harmless.
 * Throws a `TargetConfigError` naming the first bad field, e.g. `notify.redis["1"].address`.
 *
 * @example
 * const targets = parseNotifyConfig(config.notify).map((t) => createTarget(t, region))
 */
export function parseNotifyConfig(
  notify: unknown,
  factories: Partial<Record<TargetKind, TargetFactory>> = TARGET_FACTORIES,
): ConfiguredTarget[] {
  if (notify === undefined || notify === null) return []
  const members = asObject(notify, 'notify')
  for (const kind of Object.keys(members)) {
    if (!(TARGET_KINDS as readonly string[]).includes(kind)) {
      throw new TargetConfigError(`notify.${kind}`, `unknown target kind (known: ${TARGET_KINDS.join(', ')})`)
    }
  }
  const configured: ConfiguredTarget[] = []
  for (const kind of TARGET_KINDS) {
    if (members[kind] === undefined) continue
    for (const [id, raw] of Object.entries(asObject(members[kind], `notify.${kind}`))) {
      const path = `notify.${kind}[${JSON.stringify(id)}]`
      if (!/^[A-Za-z0-9_.-]+$/.test(id))
        throw new TargetConfigError(path, 'the id must be letters, digits, _, . or -')
      if (isDisabled(raw)) continue
      const factory = factories[kind]
      if (!factory) throw new TargetConfigError(path, `target kind ${kind} is not available in this version`)
      configured.push({ kind, id, params: factory.parse(raw, path) as TargetParams & CommonParams })
    }
  }
  return configured
}

/** Creates the target for a configured instance (no I/O until `open`). */
export function createTarget(
  configured: ConfiguredTarget,
  region: string,
  factories: Partial<Record<TargetKind, TargetFactory>> = TARGET_FACTORIES,
): EventTarget {
  const factory = factories[configured.kind]
  if (!factory) throw new Error(`target kind ${configured.kind} is not available in this version`)
  return factory.create(configured.id, region, configured.params)
}

function asObject(value: unknown, path: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new TargetConfigError(path, 'must be an object')
  }
  return value as Record<string, unknown>
}

function isDisabled(raw: unknown): boolean {
  return typeof raw === 'object' && raw !== null && (raw as { enable?: unknown }).enable === false
}
