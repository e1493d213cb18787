import type { Redis } from 'ioredis'
import {
  type CommonParams,
  checkHostPort,
  type EventFormat,
  readCommonParams,
  readOptionalFormat,
  splitHostPort,
} from './common-params.js'
import { createLazyConnection } from './connection.js'
import { loadTargetLibrary } from './load-library.js'
import { buildTargetMessage, formatTargetArn, isRemovalEvent } from './message.js'
import { readFields } from './params.js'
import { asTargetError } from './target-error.js'
import type { EventTarget, TargetFactory } from './types.js'

/** `notify.redis.<id>`: see the seed's redis parameter table. */
export type RedisParams = CommonParams & {
  /** Absent in an older setup's configuration: every event is appended to the list `key`. */
  format?: EventFormat
  /** `<host>:<port>` */
  address: string
  password?: string
  key: string
}

/** The redis key's type each format needs (`none`, missing, is fine too); older setups use a list. */
const KEY_TYPE: Record<EventFormat | 'older', string> = { namespace: 'hash', access: 'list', older: 'list' }

/**
 * Redis target, storing the event message (`{Records, level, msg, time}`) in the seed's shapes:
 * - namespace: `HSET key <bucket>/<object> <message>`, `HDEL` on removal;
 * - access: `RPUSH key [<eventTime>, <message>]`, a JSON list of two items;
 * - no `format` (an older setup): `RPUSH key <message>\n`, every event.
 */
export const redisTarget: TargetFactory<RedisParams> = {
  kind: 'redis',
  parse(raw, path = 'notify.redis') {
    const r = readFields(raw, path)
    const params: RedisParams = {
      ...readCommonParams(r),
      format: readOptionalFormat(r),
      address: r.string('address', { required: true, check: checkHostPort }),
      password: r.string('password'),
      key: r.string('key', { required: true }),
    }
    r.done()
    return params
  },
  create(id, region, params) {
    return createRedisTarget(formatTargetArn(region, id, 'redis'), id, params)
  },
}

function createRedisTarget(arn: string, id: string, params: RedisParams): EventTarget {
  const conn = createLazyConnection<Redis>(
    async (drop) => {
      const { Redis: RedisClient } = await loadTargetLibrary('redis', () => import('ioredis'))
      const client = new RedisClient({
        ...splitHostPort(params.address),
        password: params.password,
        connectionName: arn, // so operators can tell the event connection apart in CLIENT LIST
        // No library-side retries or offline queue: a command fails at once when the server is
        // gone, and the next send dials again (see connection.ts).
        lazyConnect: true,
        retryStrategy: () => null,
        enableOfflineQueue: false,
        maxRetriesPerRequest: 0,
        connectTimeout: 5000,
      })
      // ioredis rejects a failed connect with "Connection is closed."; the cause (ECONNREFUSED,
      // NOAUTH...) only comes as an 'error' event, so keep it for the rejection.
      let cause: Error | undefined
      client.on('error', (e: Error) => {
        cause = e
      })
      client.on('end', () => drop(client))
      try {
        await client.connect().catch((e) => Promise.reject(cause ?? e))
        await checkKeyType(client, params)
      } catch (e) {
        client.disconnect()
        throw e
      }
      return client
    },
    async (client) => {
      await client.quit().catch(() => client.disconnect())
    },
  )

  return {
    arn,
    kind: 'redis',
    id,
    open: () => asTargetError(arn, 'open', async () => void (await conn.get())),
    send: (event) =>
      asTargetError(arn, 'send', async () => {
        const client = await conn.get()
        const message = buildTargetMessage(event, 'redis')
        if (params.format === undefined) {
          // Older setups pushed the message as a log line, newline included (seed, Stored shape).
          await client.rpush(params.key, `${JSON.stringify(message)}\n`)
        } else if (params.format === 'access') {
          await client.rpush(params.key, JSON.stringify([event.eventTime, message]))
        } else if (isRemovalEvent(event.eventName)) {
          await client.hdel(params.key, event.key)
        } else {
          await client.hset(params.key, event.key, JSON.stringify(message))
        }
      }),
    isOnline: () => conn.isOnline(async (redis) => (await redis.ping()) === 'PONG'),
    close: () => conn.close(),
  }
}

/** Fails unless `key` is missing or holds the type the format writes, so no event is lost to WRONGTYPE. */
async function checkKeyType(client: Redis, params: RedisParams): Promise<void> {
  const type = await client.type(params.key)
  const want = KEY_TYPE[params.format ?? 'older']
  if (type !== 'none' && type !== want) {
    const user = params.format ? `format ${params.format}` : 'a configuration without format'
    throw new Error(`key '${params.key}' holds a ${type}; ${user} needs a ${want}`)
  }
}
