import { describe, expect, it } from 'vitest'
import {
  createTarget,
  parseNotifyConfig,
  TARGET_FACTORIES,
} from '../../../../src/server/events/targets/registry.js'
import { TARGET_KINDS, TargetConfigError } from '../../../../src/server/events/targets/types.js'

const redis = { enable: true, format: 'access', address: '127.0.0.1:6379', key: 'k' }
const webhook = { enable: true, endpoint: 'http://127.0.0.1:9/' }

describe('target registry', () => {
  it('has one factory for each of the ten seed kinds, each under its own name', () => {
    expect(Object.keys(TARGET_FACTORIES).sort()).toEqual([...TARGET_KINDS].sort())
    for (const [kind, factory] of Object.entries(TARGET_FACTORIES)) expect(factory.kind).toBe(kind)
    for (const kind of Object.keys(TARGET_FACTORIES)) expect(TARGET_KINDS).toContain(kind)
  })

  it('lists enabled instances in the seed kind order and skips disabled ones unchecked', () => {
    const notify = {
      webhook: { '1': webhook, '2': { enable: false, endpoint: '' } },
      redis: { primary: redis },
      kafka: { '1': { enable: false, brokers: null, topic: '' } },
      amqp: {},
    }
    const configured = parseNotifyConfig(notify)
    expect(configured.map((t) => [t.kind, t.id])).toEqual([
      ['redis', 'primary'],
      ['webhook', '1'],
    ])
    expect(configured[0]!.params).toMatchObject({ key: 'k', queueLimit: 10000 })
    const target = createTarget(configured[1]!, 'us-east-1')
    expect([target.arn, target.kind, target.id]).toEqual(['arn:silo:sqs:us-east-1:1:webhook', 'webhook', '1'])
  })

  it('accepts a missing notify member', () => {
    expect(parseNotifyConfig(undefined)).toEqual([])
  })

  it.each([
    ['notify not an object', [], 'notify: must be an object'],
    [
      'an unknown kind',
      { smtp: {} },
      'notify.smtp: unknown target kind (known: amqp, mqtt, elasticsearch, redis, nats, postgresql, mysql, kafka, webhook, nsq)',
    ],
    ['a kind member not an object', { redis: 'x' }, 'notify.redis: must be an object'],
    [
      'an id with a colon, which would break the ARN',
      { redis: { 'a:b': redis } },
      'notify.redis["a:b"]: the id must be letters, digits, _, . or -',
    ],
    [
      'an enabled nsq without its address',
      { nsq: { '1': { enable: true, topic: 't' } } },
      'notify.nsq["1"].nsqdAddress: is required',
    ],
    [
      'a bad field, named with its id',
      { redis: { '1': { ...redis, address: 'x' } } },
      'notify.redis["1"].address: must be <host>:<port>',
    ],
    [
      'enable missing',
      { webhook: { '1': { endpoint: 'http://h/' } } },
      'notify.webhook["1"].enable: must be true or false',
    ],
  ])('rejects %s', (_, notify, message) => {
    expect(() => parseNotifyConfig(notify)).toThrow(TargetConfigError)
    expect(() => parseNotifyConfig(notify)).toThrow(message)
  })
})
