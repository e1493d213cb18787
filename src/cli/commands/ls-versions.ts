/**
 * `silo ls --versions`: every version and delete marker under a bucket or prefix, as mc prints
 * them: `[date] size STORAGECLASS VERSION-ID vN PUT|DEL name`, a key's newest first, vN
 * counting its versions from the oldest (v1).
 */
import type { Client } from '../../index.js'
import type { CliContext } from '../context.js'
import { formatSize } from '../output/format-size.js'
import { formatListDate } from '../output/format-time.js'
import { listObjectVersions, type VersionEntry } from '../remote/sdk-pending.js'

/**
 * One version line.
 * @example
 * formatVersion(entry, 2, 'a.txt') // '[2026-11-22 06:17:43 UTC]     5B STANDARD 3f1c... v2 PUT a.txt'
 */
export function formatVersion(entry: VersionEntry, ordinal: number, name: string, ctx?: CliContext): string {
  const c = ctx?.out.colors
  const green = c ? c.green : (s: string) => s
  const yellow = c ? c.yellow : (s: string) => s
  const bold = c ? c.bold : (s: string) => s
  const date = entry.lastModified ? `[${formatListDate(entry.lastModified)}]` : ''
  const kind = entry.isDeleteMarker ? 'DEL' : 'PUT'
  const shown = ctx ? ctx.out.name(name) : name
  return `${green(date)} ${yellow(formatSize(entry.size ?? 0).padStart(7))} ${entry.storageClass || 'STANDARD'} ${entry.versionId} v${ordinal} ${kind} ${bold(shown)}`
}

/**
 * Lists versions under `prefix` (one folder level unless `recursive`), names relative to the
 * listed folder.
 * @example
 * await listVersions(ctx, client, 'photos', '2026/', true)
 */
export async function listVersions(
  ctx: CliContext,
  client: Client,
  bucket: string,
  prefix: string,
  recursive: boolean,
): Promise<void> {
  const folder = prefix.slice(0, prefix.lastIndexOf('/') + 1)
  let run: VersionEntry[] = []
  const flush = () => {
    run.forEach((entry, at) => {
      const name = (entry.name ?? '').slice(folder.length)
      const ordinal = run.length - at
      ctx.out.result(formatVersion(entry, ordinal, name, ctx), {
        type: 'file',
        lastModified: entry.lastModified?.toISOString(),
        size: entry.size ?? 0,
        key: name,
        versionId: entry.versionId,
        versionOrdinal: ordinal,
        isLatest: entry.isLatest === true,
        isDeleteMarker: entry.isDeleteMarker === true,
        storageClass: entry.storageClass || 'STANDARD',
        ...(entry.isDeleteMarker ? {} : { etag: entry.etag }),
      })
    })
    run = []
  }
  for await (const entry of listObjectVersions(client, bucket, prefix, recursive)) {
    if (entry.prefix !== undefined) {
      flush()
      const name = entry.prefix.slice(folder.length)
      ctx.out.result(`${' '.repeat(25)} ${formatSize(0).padStart(7)} ${name}`, {
        type: 'folder',
        size: 0,
        key: name,
      })
      continue
    }
    if (run.length > 0 && run[0]?.name !== entry.name) flush()
    run.push(entry)
  }
  flush()
}
