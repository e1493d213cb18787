import mysql from 'mysql2/promise'
import { afterAll, describe, expect, it } from 'vitest'
import { mysqlTarget } from '../../../../src/server/events/targets/mysql.js'
import { parseMysqlDsn } from '../../../../src/server/events/targets/mysql-connection.js'
import { expectedMessage } from '../support/expected-message.js'
import { runTargetContract } from './helpers/contract.js'
import { makeEvent, sendUntilDelivered } from './helpers/events.js'
import { type BadConfigRow, expectConfigError } from './helpers/parse.js'
import { checkService, findClosedPort, uniqueName } from './helpers/service.js'

const PORT = 3306
const service = await checkService('mysql (MariaDB)', PORT)
const base = {
  enable: true,
  format: 'namespace',
  table: 'events',
  host: '127.0.0.1',
  port: '3306',
  user: 'root',
  database: 'test',
}

describe('mysql parse', () => {
  it.each([
    ['root@tcp(127.0.0.1:3306)/test', { user: 'root', host: '127.0.0.1', port: 3306, database: 'test' }],
    [
      'u:p@ss@tcp([::1]:3307)/db?parseTime=true&tls=skip-verify',
      {
        user: 'u',
        password: 'p@ss',
        host: '::1',
        port: 3307,
        database: 'db',
        ssl: { rejectUnauthorized: false },
      },
    ],
    ['u@unix(/run/mysqld.sock)/db', { user: 'u', socketPath: '/run/mysqld.sock', database: 'db' }],
    ['/db', { database: 'db' }],
    ['mysql://u:p%2F@h:3308/db', { host: 'h', port: 3308, user: 'u', password: 'p/', database: 'db' }],
  ])('reads the DSN %s', (dsn, options) => expect(parseMysqlDsn(dsn)).toEqual(options))

  it('builds the connection from the separate fields when there is no DSN', () => {
    expect(mysqlTarget.parse({ ...base, port: 3307, password: 'pw' }).connection).toEqual({
      host: '127.0.0.1',
      port: 3307,
      user: 'root',
      password: 'pw',
      database: 'test',
    })
  })

  const P = 'notify.mysql["1"]'
  const dsnOnly = { enable: true, format: 'access', table: 't' }
  it.each<BadConfigRow>([
    ['no table', { ...base, table: undefined }, `${P}.table: is required`],
    [
      'a table with a backquote',
      { ...base, table: 'a`b' },
      `${P}.table: must be a table name: a letter or _, then letters, digits or _, at most 64 characters`,
    ],
    [
      'no database and no DSN',
      { ...base, database: '' },
      `${P}.database: is required when dsnString is empty`,
    ],
    [
      'a DSN and a host',
      { ...dsnOnly, dsnString: 'root@tcp(h:1)/d', host: 'h' },
      `${P}.host: must be empty when dsnString is set`,
    ],
    [
      'a DSN without /',
      { ...dsnOnly, dsnString: 'root@tcp(h:1)' },
      `${P}.dsnString: must be a DSN such as 'user:password@tcp(host:3306)/database'`,
    ],
    [
      'a DSN with a bad network',
      { ...dsnOnly, dsnString: 'root@udp(h:1)/d' },
      `${P}.dsnString: cannot read the address 'udp(h:1)': expected tcp(host:port) or unix(/path)`,
    ],
    [
      'a DSN with a bad tls',
      { ...dsnOnly, dsnString: '/d?tls=yes' },
      `${P}.dsnString: tls 'yes' is not one of true, false, skip-verify`,
    ],
    ['format in capitals', { ...base, format: 'ACCESS' }, `${P}.format: must be 'namespace' or 'access'`],
    [
      'queueLimit as a string',
      { ...base, queueLimit: '5' },
      `${P}.queueLimit: must be an integer from 0 to 2147483647`,
    ],
  ])('rejects %s', (_, raw, message) => expectConfigError(mysqlTarget, raw, message))
})

describe.skipIf(!service.up)(`mysql target against ${service.title}`, () => {
  const admin = mysql.createPool({
    host: '127.0.0.1',
    port: PORT,
    user: 'root',
    database: 'test',
    dateStrings: true,
    connectionLimit: 2,
  })
  afterAll(() => admin.end())
  const query = async (sql: string, values: unknown[] = []) =>
    (await admin.query(sql, values))[0] as Record<string, unknown>[]
  // MariaDB's JSON is LONGTEXT with a validity check, so values come back as text; MySQL's as objects.
  const json = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v)

  for (const format of ['namespace', 'access'] as const) {
    describe(`format ${format}`, () => {
      const table = uniqueName(`silo_test_${format}`)
      // One format reads the connection from a DSN, the other from the separate fields.
      const config =
        format === 'access'
          ? { enable: true, format, table, dsnString: `root@tcp(127.0.0.1:${PORT})/test` }
          : { ...base, format, table }
      runTargetContract({
        style: format,
        accessEntry: (e) => ({
          event_time: e.eventTime.replace('T', ' ').replace('Z', ''),
          event_data: expectedMessage('mysql', e),
        }),
        async setup() {
          const target = mysqlTarget.create('1', '', mysqlTarget.parse(config))
          return {
            target,
            async checkPrepared() {
              const columns = await query(
                'SELECT COLUMN_NAME AS name, COLUMN_TYPE AS type, COLUMN_KEY AS k FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = ? ORDER BY ORDINAL_POSITION',
                [table],
              )
              const want =
                format === 'namespace'
                  ? [
                      ['key_hash', 'binary(32)', 'PRI'],
                      ['key_name', 'varchar(2048)', ''],
                      ['value', expect.stringMatching(/^(json|longtext)$/), ''],
                    ]
                  : [
                      ['event_time', 'datetime(3)', ''],
                      ['event_data', expect.stringMatching(/^(json|longtext)$/), ''],
                    ]
              expect(columns.map((c) => [c.name, c.type, c.k])).toEqual(want)
              // The seed's columns are what a reader sees: the key hash is invisible.
              const select = await admin.query(`SELECT * FROM \`${table}\` LIMIT 0`)
              expect((select[1] as { name: string }[]).map((f) => f.name)).toEqual(
                format === 'namespace' ? ['key_name', 'value'] : ['event_time', 'event_data'],
              )
            },
            async read() {
              if (format === 'access') {
                const rows = await query(
                  `SELECT event_time, event_data FROM \`${table}\` ORDER BY event_time`,
                )
                return rows.map((r) => ({ event_time: r.event_time, event_data: json(r.event_data) }))
              }
              const rows = await query(`SELECT key_name, value FROM \`${table}\``)
              return Object.fromEntries(rows.map((r) => [r.key_name, json(r.value)]))
            },
            cleanup: async () => void (await query(`DROP TABLE IF EXISTS \`${table}\``)),
          }
        },
        async createUnreachable() {
          const port = String(await findClosedPort())
          return mysqlTarget.create('1', '', mysqlTarget.parse({ ...base, format, table, port }))
        },
      })
    })
  }

  it('keeps objects apart whose names differ only in case or after a long common prefix', async () => {
    const table = uniqueName('silo_test_keys')
    const target = mysqlTarget.create('1', '', mysqlTarget.parse({ ...base, table }))
    const long = 'x'.repeat(1000)
    const names = ['A.txt', 'a.txt', `${long}1`, `${long}2`]
    try {
      for (const name of names)
        await target.send(makeEvent('s3:ObjectCreated:Put', 'b', name, '2024-05-01T10:00:00Z'))
      const rows = await query(`SELECT key_name FROM \`${table}\` ORDER BY key_name`)
      expect(rows.map((r) => r.key_name)).toEqual(names.map((n) => `b/${n}`).sort())
    } finally {
      await target.close()
      await query(`DROP TABLE IF EXISTS \`${table}\``)
    }
  })

  it('reconnects after the server killed its connection', async () => {
    // A user of its own, so the test kills this target's connection and nobody else's.
    const user = uniqueName('silo_u').slice(0, 32)
    const table = uniqueName('silo_test_reconnect')
    await query(`CREATE USER '${user}'@'%'`)
    await query(`GRANT ALL ON test.* TO '${user}'@'%'`)
    const target = mysqlTarget.create('1', '', mysqlTarget.parse({ ...base, table, user }))
    try {
      await target.send(makeEvent('s3:ObjectCreated:Put', 'b', 'one', '2024-05-01T10:00:00Z'))
      const ids = await query('SELECT ID FROM information_schema.PROCESSLIST WHERE USER = ?', [user])
      expect(ids).toHaveLength(1)
      await query(`KILL ${Number(ids[0]!.ID)}`)
      const event = makeEvent('s3:ObjectCreated:Put', 'b', 'two', '2024-05-01T10:00:01Z')
      await sendUntilDelivered(target, event)
      const rows = await query(`SELECT key_name FROM \`${table}\` ORDER BY key_name`)
      expect(rows.map((r) => r.key_name)).toEqual(['b/one', 'b/two'])
    } finally {
      await target.close()
      await query(`DROP TABLE IF EXISTS \`${table}\``)
      await query(`DROP USER '${user}'@'%'`)
    }
  })

  it('writes to a table MinIO created, keyed on key_name', async () => {
    const table = uniqueName('silo_test_minio')
    await query(`CREATE TABLE \`${table}\` (key_name VARCHAR(512), value JSON, PRIMARY KEY (key_name))`)
    const target = mysqlTarget.create('1', '', mysqlTarget.parse({ ...base, table }))
    try {
      await target.send(makeEvent('s3:ObjectCreated:Put', 'b', 'o', '2024-05-01T10:00:00Z'))
      await target.send(makeEvent('s3:ObjectCreated:Put', 'b', 'o', '2024-05-01T10:00:01Z'))
      const rows = await query(`SELECT key_name, value FROM \`${table}\``)
      expect(rows.map((r) => [r.key_name, json(r.value).Records[0].eventTime])).toEqual([
        ['b/o', '2024-05-01T10:00:01Z'],
      ])
      await target.send(makeEvent('s3:ObjectRemoved:Delete', 'b', 'o', '2024-05-01T10:00:02Z'))
      expect(await query(`SELECT key_name FROM \`${table}\``)).toEqual([])
    } finally {
      await target.close()
      await query(`DROP TABLE IF EXISTS \`${table}\``)
    }
  })
})
