import type { PoolConfig } from 'pg'

/** libpq keywords a `connectionString` may carry, mapped to pg's settings. */
const KEYWORDS = new Set([
  'host',
  'port',
  'user',
  'password',
  'dbname',
  'sslmode',
  'connect_timeout',
  'application_name',
])

/**
 * Parses the seed's `connectionString`: either a `postgres://` URL, or libpq's
 * `key=value key='quoted value'` form that MinIO (lib/pq) took, e.g. `sslmode=disable`.
 * Returns pg settings, or a message naming what is wrong.
 */
export function parsePgConnectionString(value: string): PoolConfig | string {
  if (/^postgres(ql)?:\/\//.test(value)) return parsePgUrl(value)
  const config: PoolConfig = {}
  const pair = /\s*([a-z_]+)\s*=\s*(?:'((?:[^'\\]|\\.)*)'|(\S*))/gy
  let match: RegExpExecArray | null
  for (let at = 0; at < value.trimEnd().length; at = pair.lastIndex) {
    match = pair.exec(value)
    if (!match) return `cannot read '${value.slice(at).trim()}': expected key=value`
    const [, key = '', quoted, plain] = match
    const v = quoted !== undefined ? quoted.replace(/\\(.)/g, '$1') : (plain ?? '')
    if (!KEYWORDS.has(key)) return `unsupported keyword '${key}' (supported: ${[...KEYWORDS].join(', ')})`
    const problem = applyKeyword(config, key, v)
    if (problem) return problem
  }
  return config
}

/**
 * Reads a `postgres://user:pass@host:port/db?sslmode=...` URL into separate settings (rather
 * than handing pg the URL, which would then override the separate `host`... fields).
 */
function parsePgUrl(value: string): PoolConfig | string {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return 'is not a valid postgres:// URL'
  }
  const config: PoolConfig = {}
  const parts: [string, string][] = [
    ['host', decodeURIComponent(url.hostname)],
    ['port', url.port],
    ['user', decodeURIComponent(url.username)],
    ['password', decodeURIComponent(url.password)],
    ['dbname', decodeURIComponent(url.pathname.slice(1))],
    ...url.searchParams,
  ]
  for (const [key, v] of parts) {
    if (v === '') continue
    if (!KEYWORDS.has(key)) return `unsupported keyword '${key}' (supported: ${[...KEYWORDS].join(', ')})`
    const problem = applyKeyword(config, key, v)
    if (problem) return problem
  }
  return config
}

function applyKeyword(config: PoolConfig, key: string, v: string): string | undefined {
  if (key === 'host') config.host = v
  else if (key === 'port') config.port = Number(v)
  else if (key === 'user') config.user = v
  else if (key === 'password') config.password = v
  else if (key === 'dbname') config.database = v
  else if (key === 'application_name') config.application_name = v
  else if (key === 'connect_timeout') config.connectionTimeoutMillis = Number(v) * 1000
  else if (key === 'sslmode') {
    // libpq: require/prefer/allow encrypt without verifying; verify-ca/verify-full verify.
    if (v === 'disable') config.ssl = false
    else if (v === 'require' || v === 'prefer' || v === 'allow') config.ssl = { rejectUnauthorized: false }
    else if (v === 'verify-ca' || v === 'verify-full') config.ssl = true
    else return `sslmode '${v}' is not one of disable, allow, prefer, require, verify-ca, verify-full`
  }
  if ((key === 'port' || key === 'connect_timeout') && !/^\d+$/.test(v)) return `${key} must be a number`
  return undefined
}
