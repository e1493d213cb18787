/**
 * Remote paths: `ALIAS`, `ALIAS/`, `ALIAS/BUCKET`, `ALIAS/BUCKET/KEY-OR-PREFIX`. A path is
 * remote when its first segment is a configured alias; anything else is a local path (write
 * `./local` for a folder that shares an alias's name).
 */
import { UsageError } from '../errors/cli-error.js'

/** A parsed remote path. `bucket` and `key` are '' when absent. */
export interface RemotePath {
  alias: string
  bucket: string
  /** The key or prefix inside the bucket, kept verbatim (a trailing `/` means "folder"). */
  key: string
}

/**
 * Splits a remote path into alias, bucket and key.
 * @example
 * splitRemote('local/photos/2024/a.jpg') // { alias: 'local', bucket: 'photos', key: '2024/a.jpg' }
 * splitRemote('local/') // { alias: 'local', bucket: '', key: '' }
 */
export function splitRemote(path: string): RemotePath {
  const [alias = '', bucket = '', ...rest] = path.split('/')
  return { alias, bucket, key: rest.join('/') }
}

/**
 * Whether `path` names something on a configured alias (rather than a local file).
 * @example
 * isRemotePath('local/photos', new Set(['local'])) // true
 * isRemotePath('./local/photos', new Set(['local'])) // false
 */
export function isRemotePath(path: string, aliases: ReadonlySet<string>): boolean {
  return aliases.has(splitRemote(path).alias)
}

/**
 * A remote path that must name a bucket (`ALIAS/BUCKET`, optionally with a key).
 * @example
 * requireBucket('local/photos', 'event add') // { alias: 'local', bucket: 'photos', key: '' }
 */
export function requireBucket(path: string, command: string): RemotePath {
  const remote = splitRemote(path)
  if (!remote.alias || !remote.bucket) {
    throw new UsageError(`${command}: "${path}" names no bucket; write ALIAS/BUCKET, e.g. local/photos`)
  }
  return remote
}

/**
 * A remote path that must name an object (`ALIAS/BUCKET/KEY`).
 * @example
 * requireObject('local/photos/a.jpg', 'stat') // { alias: 'local', bucket: 'photos', key: 'a.jpg' }
 */
export function requireObject(path: string, command: string): RemotePath {
  const remote = requireBucket(path, command)
  if (!remote.key || remote.key.endsWith('/')) {
    throw new UsageError(
      `${command}: "${path}" names no object; write ALIAS/BUCKET/KEY, e.g. local/photos/a.jpg`,
    )
  }
  return remote
}

/**
 * The alias of an admin target (`ALIAS` or `ALIAS/`); refuses a bucket or key.
 * @example
 * adminAlias('local/', 'admin user list') // 'local'
 */
export function adminAlias(path: string, command: string): string {
  const alias = path.replace(/\/+$/, '')
  if (!alias || alias.includes('/')) {
    throw new UsageError(`${command}: "${path}" must be an alias such as local or local/, without a bucket`)
  }
  return alias
}
