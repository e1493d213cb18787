import { isAbsolute } from 'node:path'
import type { FieldReader } from './params.js'

/** How a database-like target stores events (seed: "Stored shape per target"). */
export type EventFormat = 'namespace' | 'access'

/** Parameters every kind has: `enable` and the durable queue's place and size. */
export type CommonParams = {
  enable: boolean
  /** Absolute directory of the target's durable queue; unset lets the pipeline choose. */
  queueDir?: string
  /** Most events the queue holds; default 10000. */
  queueLimit: number
}

export const DEFAULT_QUEUE_LIMIT = 10_000

/** Reads `enable` (required), `queueDir` and `queueLimit`. */
export function readCommonParams(r: FieldReader): CommonParams {
  const enable = r.bool('enable', true)
  const queueDir = r.string('queueDir', {
    check: (v) => (isAbsolute(v) ? undefined : 'must be an absolute path'),
  })
  // 0 is what configurations written by older servers hold for "unset", so it means the default.
  const queueLimit = r.int('queueLimit', 0, 2 ** 31 - 1, 0) || DEFAULT_QUEUE_LIMIT
  return { enable, queueLimit, ...(queueDir ? { queueDir } : {}) }
}

/**
 * Reads the required `format`, exactly `namespace` or `access`. MinIO accepted any case here
 * but then compared lowercase when sending, so `Namespace` connected and silently stored
 * nothing; we refuse it up front.
 */
export function readFormat(r: FieldReader): EventFormat {
  return r.string('format', { required: true, check: checkFormat }) as EventFormat
}

/**
 * Reads `format` where an older setup's configuration has none (seed, Versioning 4: `format`
 * of elasticsearch and redis only in newer setups); absent or empty gives undefined, and the
 * target then stores events as those setups did.
 */
export function readOptionalFormat(r: FieldReader): EventFormat | undefined {
  return r.string('format', { check: checkFormat }) as EventFormat | undefined
}

function checkFormat(value: string): string | undefined {
  return value === 'namespace' || value === 'access' ? undefined : "must be 'namespace' or 'access'"
}

/** Checks `<host>:<port>` (IPv6 hosts in brackets); returns a message when wrong. */
export function checkHostPort(value: string): string | undefined {
  const m = /^(\[[0-9a-fA-F:.]+\]|[^:[\]\s/]+):(\d{1,5})$/.exec(value)
  if (!m || Number(m[2]) < 1 || Number(m[2]) > 65535) return 'must be <host>:<port>'
  return undefined
}

/** Splits a value `checkHostPort` accepted into host (brackets removed) and port. */
export function splitHostPort(value: string): { host: string; port: number } {
  const i = value.lastIndexOf(':')
  return { host: value.slice(0, i).replace(/^\[|\]$/g, ''), port: Number(value.slice(i + 1)) }
}

/** Checks a port number given as a string (the seed's type). */
export function checkPort(value: string): string | undefined {
  return /^\d{1,5}$/.test(value) && Number(value) >= 1 && Number(value) <= 65535
    ? undefined
    : 'must be a port number from 1 to 65535'
}
