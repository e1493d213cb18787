import type { PoolOptions } from 'mysql2'

/**
 * Parses the seed's `dsnString`: the Go driver's data source name that MinIO took,
 * `[user[:password]@][tcp(host:port)|unix(/path)]/dbname[?param=value&...]`, or a
 * `mysql://user:pass@host:port/db` URL. Of the parameters only `tls` (`true`, `skip-verify`,
 * `false`) changes anything; others the Go driver knows (`parseTime`, `charset`...) are ignored.
 * Returns mysql2 settings, or a message naming what is wrong.
 */
export function parseMysqlDsn(value: string): PoolOptions | string {
  if (value.startsWith('mysql://')) return parseMysqlUrl(value)
  const slash = value.lastIndexOf('/')
  if (slash < 0) return "must be a DSN such as 'user:password@tcp(host:3306)/database'"
  const [database = '', query = ''] = value.slice(slash + 1).split('?', 2)
  const head = value.slice(0, slash)
  const at = head.lastIndexOf('@') // passwords may contain '@'; the address never does
  const userInfo = at < 0 ? '' : head.slice(0, at)
  const address = at < 0 ? head : head.slice(at + 1)
  const colon = userInfo.indexOf(':')
  const options: PoolOptions = {}
  if (userInfo) options.user = colon < 0 ? userInfo : userInfo.slice(0, colon)
  if (colon >= 0) options.password = userInfo.slice(colon + 1)
  if (database) options.database = database
  const net = /^(?:(tcp|unix)(?:\(([^)]*)\))?)?$/.exec(address)
  if (!net) return `cannot read the address '${address}': expected tcp(host:port) or unix(/path)`
  if (net[1] === 'unix' && net[2]) options.socketPath = net[2]
  else if (net[2]) {
    const i = net[2].lastIndexOf(':')
    options.host = (i < 0 ? net[2] : net[2].slice(0, i)).replace(/^\[|\]$/g, '')
    if (i >= 0) options.port = Number(net[2].slice(i + 1))
    if (i >= 0 && !/^\d+$/.test(net[2].slice(i + 1))) return `port in '${net[2]}' must be a number`
  }
  return applyTls(options, new URLSearchParams(query).get('tls'))
}

function parseMysqlUrl(value: string): PoolOptions | string {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return 'is not a valid mysql:// URL'
  }
  const options: PoolOptions = { host: decodeURIComponent(url.hostname) }
  if (url.port) options.port = Number(url.port)
  if (url.username) options.user = decodeURIComponent(url.username)
  if (url.password) options.password = decodeURIComponent(url.password)
  if (url.pathname.length > 1) options.database = decodeURIComponent(url.pathname.slice(1))
  return applyTls(options, url.searchParams.get('tls'))
}

function applyTls(options: PoolOptions, tls: string | null): PoolOptions | string {
  if (tls === null || tls === 'false') return options
  if (tls === 'true') return { ...options, ssl: {} }
  if (tls === 'skip-verify') return { ...options, ssl: { rejectUnauthorized: false } }
  return `tls '${tls}' is not one of true, false, skip-verify`
}
