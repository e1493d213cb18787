/**
 * The `--event`/`--events` shorthands of `event add` and `watch`: `put`, `delete`, `get`, mapped
 * to the S3 event wildcards; full event names (`s3:ObjectCreated:Put`) pass through.
 */
import { UsageError } from '../errors/cli-error.js'

const SHORTHANDS: Record<string, string> = {
  put: 's3:ObjectCreated:*',
  delete: 's3:ObjectRemoved:*',
  get: 's3:ObjectAccessed:*',
}

/**
 * Expands a comma-separated event list.
 * @example
 * expandEvents('put,delete', '--event') // ['s3:ObjectCreated:*', 's3:ObjectRemoved:*']
 */
export function expandEvents(list: string, flag: string): string[] {
  const names = list
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
  if (names.length === 0) throw new UsageError(`${flag}: give at least one of put, delete, get`)
  const events = names.map((name) => {
    const full = SHORTHANDS[name.toLowerCase()] ?? (name.startsWith('s3:') ? name : undefined)
    if (!full)
      throw new UsageError(`${flag}: unknown event "${name}"; use put, delete, get or an s3:... event name`)
    return full
  })
  return [...new Set(events)]
}
