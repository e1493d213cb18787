import { createHash } from 'node:crypto'
import type mysql from 'mysql2/promise'
import {
  type CommonParams,
  checkPort,
  type EventFormat,
  readCommonParams,
  readFormat,
} from './common-params.js'
import { createLazyConnection } from './connection.js'
import { loadTargetLibrary } from './load-library.js'
import { buildTargetMessage, formatTargetArn, isRemovalEvent } from './message.js'
import { parseMysqlDsn } from './mysql-connection.js'
import { readFields } from './params.js'
import { readServerUserName } from './server-user.js'
import { checkTableName, toUtcDate } from './sql-table.js'
import { asTargetError } from './target-error.js'
import { type EventTarget, TargetConfigError, type TargetFactory } from './types.js'

/** `notify.mysql.<id>`: see the seed's mysql parameter table. */
export type MysqlParams = CommonParams & {
  format: EventFormat
  /** From `dsnString`, or else from host/port/user/password/database. */
  connection: mysql.PoolOptions
  table: string
}

/** MySQL / MariaDB target: upsert/delete one row per object (namespace) or append rows (access). */
export const mysqlTarget: TargetFactory<MysqlParams> = {
  kind: 'mysql',
  parse(raw, path = 'notify.mysql') {
    const r = readFields(raw, path)
    let connection: mysql.PoolOptions = {}
    const dsn = r.string('dsnString', {
      check: (v) => {
        const parsed = parseMysqlDsn(v)
        if (typeof parsed === 'string') return parsed
        connection = parsed
      },
    })
    const common = readCommonParams(r)
    const format = readFormat(r)
    const table = r.string('table', { required: true, check: checkTableName(64) })
    const fields = {
      host: r.string('host'),
      port: r.stringOrInt('port', { check: checkPort }),
      user: r.string('user'),
      password: r.string('password'),
      database: r.string('database'),
    }
    r.done()
    for (const [name, value] of Object.entries(fields)) {
      // MinIO silently ignored these next to a DSN; two sources of truth is a configuration bug.
      if (dsn && value) throw new TargetConfigError(r.at(name), 'must be empty when dsnString is set')
    }
    if (!dsn) {
      if (!fields.database)
        throw new TargetConfigError(r.at('database'), 'is required when dsnString is empty')
      connection = {
        host: fields.host ?? 'localhost',
        port: Number(fields.port ?? 3306),
        user: fields.user ?? readServerUserName(),
        password: fields.password,
        database: fields.database,
      }
    }
    return { ...common, format, connection, table }
  },
  create(id, region, params) {
    return createMysqlTarget(formatTargetArn(region, id, 'mysql'), id, params)
  },
}

/** MySQL's and MariaDB's syntax error: the server has no INVISIBLE columns. */
const ER_PARSE_ERROR = 1064

/** The namespace layouts: ours keys rows by a SHA-256 of key_name; MinIO's by key_name itself. */
type KeyColumn = 'key_hash' | 'key_name'

function createMysqlTarget(arn: string, id: string, params: MysqlParams): EventTarget {
  const table = `\`${params.table}\`` // checkTableName allows no backquote
  let keyColumn: KeyColumn = 'key_hash'
  const conn = createLazyConnection<mysql.Pool>(
    async () => {
      const { createPool } = await loadTargetLibrary('mysql', () => import('mysql2/promise'))
      const pool = createPool({
        ...params.connection,
        connectionLimit: 1, // the sender delivers one event at a time
        connectTimeout: 5000,
        timezone: 'Z', // event_time is stored in UTC
        enableKeepAlive: true,
      })
      try {
        keyColumn = await prepareTable(pool, params)
      } catch (e) {
        await pool.end().catch(() => {})
        throw e
      }
      return pool
    },
    (pool) => pool.end(),
  )

  return {
    arn,
    kind: 'mysql',
    id,
    open: () => asTargetError(arn, 'open', async () => void (await conn.get())),
    send: (event) =>
      asTargetError(arn, 'send', async () => {
        const pool = await conn.get()
        const value = JSON.stringify(buildTargetMessage(event, 'mysql'))
        const keyValue = keyColumn === 'key_hash' ? hashKey(event.key) : event.key
        if (params.format === 'access') {
          const time = toUtcDate(event.eventTime)
          await pool.execute(`INSERT INTO ${table} (event_time, event_data) VALUES (?, ?)`, [time, value])
        } else if (isRemovalEvent(event.eventName)) {
          await pool.execute(`DELETE FROM ${table} WHERE ${keyColumn} = ?`, [keyValue])
        } else {
          const [columns, values] =
            keyColumn === 'key_hash'
              ? ['key_hash, key_name, value', [keyValue, event.key, value]]
              : ['key_name, value', [keyValue, value]]
          await pool.execute(
            `INSERT INTO ${table} (${columns}) VALUES (${values.map(() => '?').join(', ')}) ON DUPLICATE KEY UPDATE value = VALUES(value)`,
            values,
          )
        }
      }),
    isOnline: () => conn.isOnline(async (db) => Boolean(await db.query('SELECT 1'))),
    close: () => conn.close(),
  }
}

function hashKey(key: string): Buffer {
  return createHash('sha256').update(key, 'utf8').digest()
}

/**
 * Creates the table if missing and returns how its rows are keyed. `key_name VARCHAR(2048)`
 * cannot be a primary key under utf8mb4 (8 KiB > InnoDB's 3072-byte index limit), and a prefix
 * key would merge objects sharing a long prefix, so new tables key on `key_hash`, the SHA-256
 * of `key_name`. The column is INVISIBLE, so `SELECT *` shows the seed's two columns,
 * `key_name` and `value`; servers without invisible columns (MySQL before 8.0.23, MariaDB
 * before 10.3) get it visible. Tables MinIO created (keyed on key_name) are used as they are.
 */
async function prepareTable(pool: mysql.Pool, params: MysqlParams): Promise<KeyColumn> {
  const table = `\`${params.table}\``
  if (params.format === 'access') {
    await pool.query(`CREATE TABLE IF NOT EXISTS ${table} (event_time DATETIME(3) NOT NULL, event_data JSON)`)
    await pool.query(`SELECT event_time, event_data FROM ${table} LIMIT 0`)
    return 'key_name'
  }
  // MariaDB wants a default on an invisible NOT NULL column; Silo always writes the hash.
  const create = (invisible: string) =>
    pool.query(
      `CREATE TABLE IF NOT EXISTS ${table} (key_hash BINARY(32) NOT NULL DEFAULT ''${invisible} PRIMARY KEY, ` +
        'key_name VARCHAR(2048) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NOT NULL, value JSON)',
    )
  await create(' INVISIBLE').catch((e: { errno?: number }) => {
    if (e.errno !== ER_PARSE_ERROR) throw e
    return create('')
  })
  await pool.query(`SELECT key_name, value FROM ${table} LIMIT 0`)
  const [rows] = await pool.query(
    'SELECT 1 FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = ? AND COLUMN_NAME = ?',
    [params.table, 'key_hash'],
  )
  return (rows as unknown[]).length > 0 ? 'key_hash' : 'key_name'
}
