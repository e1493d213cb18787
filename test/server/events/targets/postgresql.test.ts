import { userInfo } from 'node:os'
import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import { postgresqlTarget } from '../../../../src/server/events/targets/postgresql.js'
import { parsePgConnectionString } from '../../../../src/server/events/targets/postgresql-connection.js'
import { expectedMessage } from '../support/expected-message.js'
import { runTargetContract } from './helpers/contract.js'
import { makeEvent, sendUntilDelivered } from './helpers/events.js'
import { type BadConfigRow, expectConfigError } from './helpers/parse.js'
import { checkService, findClosedPort, uniqueName } from './helpers/service.js'

const PORT = 5432
const service = await checkService('postgresql', PORT)
const base = {
  enable: true,
  format: 'namespace',
  table: 'events',
  host: '127.0.0.1',
  port: '5432',
  user: 'postgres',
  database: 'test',
}

describe('postgresql parse', () => {
  it('reads connectionString in libpq and URL form; separate fields stay separate', () => {
    expect(parsePgConnectionString("sslmode=disable  user=u password='a b\\'c' dbname=d")).toEqual({
      ssl: false,
      user: 'u',
      password: "a b'c",
      database: 'd',
    })
    expect(parsePgConnectionString('postgresql://u:p%40@h:6000/db?sslmode=require')).toEqual({
      host: 'h',
      port: 6000,
      user: 'u',
      password: 'p@',
      database: 'db',
      ssl: { rejectUnauthorized: false },
    })
    const params = postgresqlTarget.parse({ ...base, port: 5433, connectionString: 'sslmode=disable' })
    expect(params).toMatchObject({
      port: '5433',
      connection: { ssl: false },
      table: 'events',
      queueLimit: 10000,
    })
  })

  const P = 'notify.postgresql["1"]'
  it.each<BadConfigRow>([
    ['no table', { ...base, table: '' }, `${P}.table: is required`],
    [
      'a table name that would inject SQL',
      { ...base, table: 'events; DROP TABLE users' },
      `${P}.table: must be a table name: a letter or _, then letters, digits or _, at most 63 characters`,
    ],
    [
      'a port that is not a number',
      { ...base, port: 'abc' },
      `${P}.port: must be a port number from 1 to 65535`,
    ],
    ['a port of the wrong type', { ...base, port: true }, `${P}.port: must be a string`],
    [
      'an unknown connectionString keyword',
      { ...base, connectionString: 'bogus=1' },
      `${P}.connectionString: unsupported keyword 'bogus' (supported: host, port, user, password, dbname, sslmode, connect_timeout, application_name)`,
    ],
    [
      'a bad sslmode',
      { ...base, connectionString: 'sslmode=on' },
      `${P}.connectionString: sslmode 'on' is not one of disable, allow, prefer, require, verify-ca, verify-full`,
    ],
    ['no format', { ...base, format: undefined }, `${P}.format: is required`],
    ['unknown field', { ...base, dsnString: 'x' }, `${P}.dsnString: unknown parameter`],
  ])('rejects %s', (_, raw, message) => expectConfigError(postgresqlTarget, raw, message))
})

describe.skipIf(!service.up)(`postgresql target against ${service.title}`, () => {
  const admin = new pg.Pool({ host: '127.0.0.1', port: PORT, user: 'postgres', database: 'test', max: 2 })
  afterAll(() => admin.end())

  for (const format of ['namespace', 'access'] as const) {
    describe(`format ${format}`, () => {
      const table = uniqueName(`silo_test_${format}`)
      runTargetContract({
        style: format,
        accessEntry: (e) => ({ event_time: e.eventTime, event_data: expectedMessage('postgresql', e) }),
        async setup() {
          const target = postgresqlTarget.create('1', '', postgresqlTarget.parse({ ...base, format, table }))
          return {
            target,
            async checkPrepared() {
              const { rows } = await admin.query(
                'SELECT column_name, data_type FROM information_schema.columns WHERE table_name = $1 ORDER BY ordinal_position',
                [table],
              )
              expect(rows).toEqual(
                format === 'namespace'
                  ? [
                      { column_name: 'key', data_type: 'text' },
                      { column_name: 'value', data_type: 'jsonb' },
                    ]
                  : [
                      { column_name: 'event_time', data_type: 'timestamp with time zone' },
                      { column_name: 'event_data', data_type: 'jsonb' },
                    ],
              )
            },
            async read() {
              if (format === 'access') {
                const { rows } = await admin.query(
                  `SELECT event_time, event_data FROM "${table}" ORDER BY event_time`,
                )
                return rows.map((r) => ({
                  event_time: (r.event_time as Date).toISOString(),
                  event_data: r.event_data,
                }))
              }
              const { rows } = await admin.query(`SELECT key, value FROM "${table}"`)
              return Object.fromEntries(rows.map((r) => [r.key, r.value]))
            },
            cleanup: async () => void (await admin.query(`DROP TABLE IF EXISTS "${table}"`)),
          }
        },
        async createUnreachable() {
          const port = String(await findClosedPort())
          return postgresqlTarget.create('1', '', postgresqlTarget.parse({ ...base, format, table, port }))
        },
      })
    })
  }

  it('refuses to open on an existing table of another shape', async () => {
    const table = uniqueName('silo_test_foreign')
    await admin.query(`CREATE TABLE "${table}" (id INT)`)
    const target = postgresqlTarget.create('1', '', postgresqlTarget.parse({ ...base, table }))
    try {
      await expect(target.open()).rejects.toThrow(/postgresql: open failed: column "key" does not exist/)
    } finally {
      await target.close()
      await admin.query(`DROP TABLE "${table}"`)
    }
  })

  it('connects as the user running the server when user is unset, even without $USER', async () => {
    const table = uniqueName('silo_test_default_user')
    const saved = { USER: process.env.USER, LOGNAME: process.env.LOGNAME }
    delete process.env.USER // a service manager or container often starts the server without it
    delete process.env.LOGNAME
    const { user: _, ...noUser } = base
    const target = postgresqlTarget.create('1', '', postgresqlTarget.parse({ ...noUser, table }))
    try {
      await target.send(makeEvent('s3:ObjectCreated:Put', 'b', 'k', '2024-05-01T10:00:00.000Z'))
      const { rows } = await admin.query('SELECT usename FROM pg_stat_activity WHERE application_name = $1', [
        target.arn,
      ])
      expect(rows).toEqual([{ usename: userInfo().username }])
    } finally {
      Object.assign(process.env, saved)
      for (const [name, value] of Object.entries(saved)) if (value === undefined) delete process.env[name]
      await target.close()
      await admin.query(`DROP TABLE IF EXISTS "${table}"`)
    }
  })

  it('reconnects after the server ended its session', async () => {
    const table = uniqueName('silo_test_reconnect')
    const target = postgresqlTarget.create(table, '', postgresqlTarget.parse({ ...base, table }))
    try {
      await target.send(makeEvent('s3:ObjectCreated:Put', 'b', 'one', '2024-05-01T10:00:00.000Z'))
      const { rowCount } = await admin.query(
        'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1',
        [target.arn],
      )
      expect(rowCount).toBe(1)
      const event = makeEvent('s3:ObjectCreated:Put', 'b', 'two', '2024-05-01T10:00:01.000Z')
      await sendUntilDelivered(target, event)
      const { rows } = await admin.query(`SELECT key FROM "${table}" ORDER BY key`)
      expect(rows).toEqual([{ key: 'b/one' }, { key: 'b/two' }])
    } finally {
      await target.close()
      await admin.query(`DROP TABLE IF EXISTS "${table}"`)
    }
  })
})
