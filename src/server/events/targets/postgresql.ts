import type pg from 'pg'
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
import { readFields } from './params.js'
import { parsePgConnectionString } from './postgresql-connection.js'
import { readServerUserName } from './server-user.js'
import { checkTableName, toUtcDate } from './sql-table.js'
import { asTargetError } from './target-error.js'
import type { EventTarget, TargetFactory } from './types.js'

/** `notify.postgresql.<id>`: see the seed's postgresql parameter table. */
export type PostgresqlParams = CommonParams & {
  format: EventFormat
  /** Settings read from `connectionString`; the separate fields below override them. */
  connection: pg.PoolConfig
  table: string
  host?: string
  port?: string
  user?: string
  password?: string
  database?: string
}

/** PostgreSQL target: upsert/delete one row per object (namespace) or append rows (access). */
export const postgresqlTarget: TargetFactory<PostgresqlParams> = {
  kind: 'postgresql',
  parse(raw, path = 'notify.postgresql') {
    const r = readFields(raw, path)
    let connection: pg.PoolConfig = {}
    r.string('connectionString', {
      check: (v) => {
        const parsed = parsePgConnectionString(v)
        if (typeof parsed === 'string') return parsed
        connection = parsed
      },
    })
    const params: PostgresqlParams = {
      ...readCommonParams(r),
      format: readFormat(r),
      connection,
      table: r.string('table', { required: true, check: checkTableName(63) }),
      host: r.string('host'),
      port: r.stringOrInt('port', { check: checkPort }),
      user: r.string('user'),
      password: r.string('password'),
      database: r.string('database'),
    }
    r.done()
    return params
  },
  create(id, region, params) {
    return createPostgresqlTarget(formatTargetArn(region, id, 'postgresql'), id, params)
  },
}

function createPostgresqlTarget(arn: string, id: string, params: PostgresqlParams): EventTarget {
  const table = `"${params.table}"` // checkTableName allows no quote, so this cannot be escaped out of
  const conn = createLazyConnection<pg.Pool>(
    async () => {
      const { default: postgres } = await loadTargetLibrary('postgresql', () => import('pg'))
      const pool = new postgres.Pool(poolConfig(arn, params))
      pool.on('error', () => {}) // an idle connection died; the pool dials again on the next query
      try {
        await prepareTable(pool, table, params.format)
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
    kind: 'postgresql',
    id,
    open: () => asTargetError(arn, 'open', async () => void (await conn.get())),
    send: (event) =>
      asTargetError(arn, 'send', async () => {
        const pool = await conn.get()
        const value = JSON.stringify(buildTargetMessage(event, 'postgresql'))
        if (params.format === 'access') {
          const time = toUtcDate(event.eventTime)
          await pool.query(`INSERT INTO ${table} (event_time, event_data) VALUES ($1, $2)`, [time, value])
        } else if (isRemovalEvent(event.eventName)) {
          await pool.query(`DELETE FROM ${table} WHERE key = $1`, [event.key])
        } else {
          await pool.query(
            `INSERT INTO ${table} (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`,
            [event.key, value],
          )
        }
      }),
    isOnline: () => conn.isOnline(async (db) => Boolean(await db.query('SELECT 1'))),
    close: () => conn.close(),
  }
}

function poolConfig(arn: string, params: PostgresqlParams): pg.PoolConfig {
  const config: pg.PoolConfig = {
    host: 'localhost',
    port: 5432,
    // The sender delivers one event at a time, so one connection is all a target needs.
    max: 1,
    connectionTimeoutMillis: 5000,
    idleTimeoutMillis: 60_000,
    application_name: arn.slice(0, 63), // PostgreSQL keeps 63 bytes
    ...params.connection,
  }
  if (params.host) config.host = params.host
  if (params.port) config.port = Number(params.port)
  if (params.user) config.user = params.user
  // pg's own default is $USER, which a server started by a service manager often lacks.
  config.user ??= readServerUserName()
  if (params.password) config.password = params.password
  if (params.database) config.database = params.database
  return config
}

/** Creates the seed's table if missing, then checks its columns so a foreign table fails at open. */
async function prepareTable(pool: pg.Pool, table: string, format: EventFormat): Promise<void> {
  if (format === 'namespace') {
    await pool.query(`CREATE TABLE IF NOT EXISTS ${table} (key TEXT PRIMARY KEY, value JSONB)`)
    await pool.query(`SELECT key, value FROM ${table} LIMIT 0`)
  } else {
    await pool.query(
      `CREATE TABLE IF NOT EXISTS ${table} (event_time TIMESTAMPTZ NOT NULL, event_data JSONB)`,
    )
    await pool.query(`SELECT event_time, event_data FROM ${table} LIMIT 0`)
  }
}
