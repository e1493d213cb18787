/**
 * Expands `cp` arguments into one job per file or object, before anything is copied, so the
 * progress bar knows the total and a bad argument fails before the first byte moves.
 *
 * Folder rules (as rsync and mc): a source folder or prefix written without a trailing `/`
 * is copied under its own name; with a trailing `/`, only its contents are.
 */
import { stat } from 'node:fs/promises'
import { basename, join } from 'node:path'
import type { CliContext } from '../context.js'
import { UsageError } from '../errors/cli-error.js'
import { listRemote } from '../remote/list-remote.js'
import { type EncryptionKeys, NO_ENCRYPTION, readOptions } from './encryption-keys.js'
import { type Location, showLocation, toLocation } from './location.js'
import { walkLocal } from './walk-local.js'

/** One file or object to copy. */
export interface CopyJob {
  from: Location
  to: Location
  size: number
  /** ETag of a remote source, when listed or stat'ed. */
  etag?: string
}

/**
 * Plans the copy of `sources` to `target` (an SSE-C source is stat'ed with its `keys` entry).
 * @example
 * const jobs = await planCopy(ctx, ['a.txt', 'photos/'], 'local/b/', true)
 */
export async function planCopy(
  ctx: CliContext,
  sources: string[],
  targetPath: string,
  recursive: boolean,
  keys: EncryptionKeys = NO_ENCRYPTION,
): Promise<CopyJob[]> {
  const aliases = await ctx.aliasNames()
  const target = toLocation(targetPath, aliases)
  const intoFolder = sources.length > 1 || recursive || (await isFolderTarget(target))
  const jobs: CopyJob[] = []
  for (const path of sources) {
    const source = toLocation(path, aliases)
    if (source.kind === 'local' && target.kind === 'local') {
      throw new UsageError(`cp: "${path}" and "${targetPath}" are both local; use your system's cp`)
    }
    if (source.kind === 'local') await planLocal(source.path, target, intoFolder, recursive, jobs)
    else await planRemote(ctx, source, path.endsWith('/'), target, intoFolder, recursive, jobs, keys)
  }
  return jobs
}

async function isFolderTarget(target: Location): Promise<boolean> {
  if (target.kind === 'remote') return target.key === '' || target.key.endsWith('/')
  if (target.path.endsWith('/')) return true
  return (await stat(target.path).catch(() => undefined))?.isDirectory() ?? false
}

/**
 * `target` with `relative` appended (as a folder member).
 * @example
 * under({ kind: 'remote', alias: 'l', bucket: 'b', key: 'x' }, 'a/c.txt') // key 'x/a/c.txt'
 */
export function under(target: Location, relative: string): Location {
  if (target.kind === 'local') return { kind: 'local', path: join(target.path, relative) }
  const base = target.key === '' || target.key.endsWith('/') ? target.key : `${target.key}/`
  return { ...target, key: `${base}${relative}` }
}

async function planLocal(
  path: string,
  target: Location,
  intoFolder: boolean,
  recursive: boolean,
  jobs: CopyJob[],
) {
  const info = await stat(path)
  if (info.isDirectory()) {
    if (!recursive) throw new UsageError(`cp: "${path}" is a folder; add --recursive to copy it`)
    const base = path.endsWith('/') ? '' : `${basename(path)}/`
    for await (const file of walkLocal(path)) {
      const size = (await stat(file.path)).size
      jobs.push({ from: { kind: 'local', path: file.path }, to: under(target, base + file.relative), size })
    }
    return
  }
  if (!info.isFile()) throw new UsageError(`cp: "${path}" is not a regular file`)
  const to = intoFolder ? under(target, basename(path)) : target
  jobs.push({ from: { kind: 'local', path }, to, size: info.size })
}

async function planRemote(
  ctx: CliContext,
  source: Location & { kind: 'remote' },
  trailing: boolean,
  target: Location,
  intoFolder: boolean,
  recursive: boolean,
  jobs: CopyJob[],
  keys: EncryptionKeys,
) {
  if (!source.bucket) throw new UsageError(`cp: "${showLocation(source)}" names no bucket`)
  const client = await ctx.client(source.alias)
  if (!recursive) {
    if (source.key === '' || source.key.endsWith('/')) {
      throw new UsageError(`cp: "${showLocation(source)}" is a folder; add --recursive to copy it`)
    }
    const { size, etag } = await client.statObject(source.bucket, source.key, readOptions(keys.of(source)))
    const to = intoFolder ? under(target, basename(source.key)) : target
    jobs.push({ from: source, to, size, etag })
    return
  }
  const folder = source.key === '' || source.key.endsWith('/') ? source.key : `${source.key}/`
  const name = basename(source.key.replace(/\/+$/, '') || source.bucket)
  const base = trailing ? '' : `${name}/`
  for await (const entry of listRemote(client, source.bucket, folder, true)) {
    const relative = base + entry.key.slice(folder.length)
    jobs.push({
      from: { ...source, key: entry.key },
      to: under(target, relative),
      size: entry.size,
      etag: entry.etag,
    })
  }
}
