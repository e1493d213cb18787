import { Redis } from 'ioredis'
import { describe, expect, it } from 'vitest'
import { redisTarget } from '../../../../src/server/events/targets/redis.js'
import { expectedMessage } from '../support/expected-message.js'
import { runTargetContract } from './helpers/contract.js'
import { makeEvent, makeEventSequence, sendUntilDelivered } from './helpers/events.js'
import { type BadConfigRow, expectConfigError } from './helpers/parse.js'
import { checkService, findClosedPort, uniqueName } from './helpers/service.js'

const PORT = 6379
const service = await checkService('redis', PORT)
const base = { enable: true, format: 'namespace', address: `127.0.0.1:${PORT}`, key: 'k' }

describe('redis parse', () => {
  it('accepts the seed parameters and fills defaults', () => {
    expect(redisTarget.parse({ ...base, password: '', queueDir: '/var/q' })).toEqual({
      enable: true,
      format: 'namespace',
      address: `127.0.0.1:${PORT}`,
      password: undefined,
      key: 'k',
      queueDir: '/var/q',
      queueLimit: 10000,
    })
  })

  it('accepts a configuration without format, as older setups wrote it', () => {
    const { format: _, ...older } = base
    expect(redisTarget.parse(older)).toMatchObject({ format: undefined, key: 'k' })
    expect(redisTarget.parse({ ...older, format: '' })).toMatchObject({ format: undefined })
  })

  const P = 'notify.redis["1"]'
  it.each<BadConfigRow>([
    ['not an object', 'x', `${P}: must be an object`],
    ['no enable', { ...base, enable: undefined }, `${P}.enable: must be true or false`],
    ['enable as a string', { ...base, enable: 'true' }, `${P}.enable: must be true or false`],
    [
      'format in another case',
      { ...base, format: 'Namespace' },
      `${P}.format: must be 'namespace' or 'access'`,
    ],
    ['address without port', { ...base, address: 'localhost' }, `${P}.address: must be <host>:<port>`],
    ['address with a bad port', { ...base, address: 'h:70000' }, `${P}.address: must be <host>:<port>`],
    ['no key', { ...base, key: undefined }, `${P}.key: is required`],
    ['password as a number', { ...base, password: 1 }, `${P}.password: must be a string`],
    ['relative queueDir', { ...base, queueDir: 'q' }, `${P}.queueDir: must be an absolute path`],
    [
      'negative queueLimit',
      { ...base, queueLimit: -1 },
      `${P}.queueLimit: must be an integer from 0 to 2147483647`,
    ],
    ['unknown field', { ...base, adress: 'x' }, `${P}.adress: unknown parameter`],
  ])('rejects %s', (_, raw, message) => expectConfigError(redisTarget, raw, message))
})

describe.skipIf(!service.up)(`redis target against ${service.title}`, () => {
  const connect = () => new Redis({ host: '127.0.0.1', port: PORT, lazyConnect: true })

  for (const format of ['namespace', 'access'] as const) {
    describe(`format ${format}`, () => {
      const key = uniqueName(`silo_test_${format}`)
      const admin = connect()
      runTargetContract({
        style: format,
        // A JSON list of two items: a timestamp string and the event data object (seed).
        accessEntry: (e) => [e.eventTime, expectedMessage('redis', e)],
        async setup() {
          const target = redisTarget.create('1', '', redisTarget.parse({ ...base, format, key }))
          return {
            target,
            async read() {
              if (format === 'access') return (await admin.lrange(key, 0, -1)).map((v) => JSON.parse(v))
              const hash = await admin.hgetall(key)
              return Object.fromEntries(Object.entries(hash).map(([k, v]) => [k, JSON.parse(v)]))
            },
            cleanup: async () => {
              await admin.del(key)
              admin.disconnect()
            },
          }
        },
        async createUnreachable() {
          const address = `127.0.0.1:${await findClosedPort()}`
          return redisTarget.create('1', '', redisTarget.parse({ ...base, format, key, address }))
        },
      })
    })
  }

  it('appends every event to the list as a line when format is absent (an older setup)', async () => {
    const key = uniqueName('silo_test_older')
    const admin = connect()
    const { format: _, ...older } = base
    const target = redisTarget.create('1', '', redisTarget.parse({ ...older, key }))
    const events = makeEventSequence('older')
    try {
      for (const event of events) await target.send(event)
      const items = await admin.lrange(key, 0, -1)
      expect(items.map((item) => item.endsWith('}\n'))).toEqual(events.map(() => true))
      expect(items.map((item) => JSON.parse(item))).toEqual(events.map((e) => expectedMessage('redis', e)))
      // The list holds the older shape: a hash key of the same name refuses to open.
      await admin.del(key)
      await admin.hset(key, 'f', 'v')
      const again = redisTarget.create('2', '', redisTarget.parse({ ...older, key }))
      await expect(again.open()).rejects.toThrow(
        `key '${key}' holds a hash; a configuration without format needs a list`,
      )
      await again.close()
    } finally {
      await target.close()
      await admin.del(key)
      admin.disconnect()
    }
  })

  it('refuses to open on a key of the wrong type, naming key and types', async () => {
    const key = uniqueName('silo_test_wrongtype')
    const admin = connect()
    await admin.set(key, 'x')
    const target = redisTarget.create('7', 'us-east-1', redisTarget.parse({ ...base, key }))
    try {
      await expect(target.open()).rejects.toThrow(
        `arn:silo:sqs:us-east-1:7:redis: open failed: key '${key}' holds a string; format namespace needs a hash`,
      )
    } finally {
      await target.close()
      await admin.del(key)
      admin.disconnect()
    }
  })

  it('dials again on the next send after the server dropped the connection', async () => {
    const key = uniqueName('silo_test_reconnect')
    const admin = connect()
    const target = redisTarget.create(key, '', redisTarget.parse({ ...base, key, format: 'access' }))
    try {
      const event = makeEvent('s3:ObjectCreated:Put', 'b', 'o', '2024-05-01T10:00:00.000Z')
      await target.send(event)
      // Kill only this target's connection: it names itself after its ARN.
      const list = (await admin.client('LIST')) as string
      const ids = list.split('\n').filter((l) => l.includes(` name=${target.arn} `))
      expect(ids).toHaveLength(1)
      await admin.client('KILL', 'ID', /\bid=(\d+)/.exec(ids[0]!)![1]!)
      await sendUntilDelivered(target, event)
      expect(await admin.llen(key)).toBeGreaterThanOrEqual(2)
    } finally {
      await target.close()
      await admin.del(key)
      admin.disconnect()
    }
  })
})
