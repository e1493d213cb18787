import type { ObjectInfo } from '../../storage/types.js'
import { encodeName } from './encode-names.js'

/** Who owns listed objects: the root account (one owner), as ListBuckets reports it. */
export interface Owner {
  ID: string
  DisplayName: string
}

/**
 * `<Contents>` entries in the element order the S3 reference documents: Key, LastModified,
 * ETag (quoted), Size, Owner (V1 always, V2 with fetch-owner), StorageClass.
 *
 * @example renderContents(objects, { encoding: 'url', owner })
 */
export function renderContents(
  objects: readonly ObjectInfo[],
  options: { encoding: 'url' | undefined; owner?: Owner },
): Array<Record<string, unknown>> {
  return objects.map((o) => ({
    Key: encodeName(o.key, options.encoding),
    LastModified: o.lastModified.toISOString(),
    ETag: `"${o.etag}"`,
    Size: o.size,
    ...(options.owner ? { Owner: options.owner } : {}),
    StorageClass: 'STANDARD',
  }))
}

/** `<CommonPrefixes><Prefix>…</Prefix></CommonPrefixes>`, one element per prefix as S3 writes them. */
export function renderCommonPrefixes(
  prefixes: readonly string[],
  encoding: 'url' | undefined,
): Array<{ Prefix: string }> {
  return prefixes.map((p) => ({ Prefix: encodeName(p, encoding) }))
}

/** Drops undefined members, so optional elements are left out rather than rendered empty. */
export function withoutUndefined(body: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined))
}
