/**
 * A place a transfer reads from or writes to: a local path, or an object/prefix on an alias.
 */
import { isRemotePath, type RemotePath, splitRemote } from '../remote/parse-remote.js'

/** A local path or a remote `alias/bucket/key`. */
export type Location = { kind: 'local'; path: string } | ({ kind: 'remote' } & RemotePath)

/**
 * Classifies a command-line path against the configured aliases.
 * @example
 * toLocation('local/photos/a.jpg', new Set(['local'])) // { kind: 'remote', alias: 'local', bucket: 'photos', key: 'a.jpg' }
 * toLocation('./a.jpg', new Set(['local'])) // { kind: 'local', path: './a.jpg' }
 */
export function toLocation(path: string, aliases: ReadonlySet<string>): Location {
  return isRemotePath(path, aliases) ? { kind: 'remote', ...splitRemote(path) } : { kind: 'local', path }
}

/**
 * The location as the user would write it.
 * @example
 * showLocation({ kind: 'remote', alias: 'local', bucket: 'b', key: 'k' }) // 'local/b/k'
 */
export function showLocation(location: Location): string {
  if (location.kind === 'local') return location.path
  return [location.alias, location.bucket, location.key].filter((part, i) => i < 2 || part).join('/')
}
