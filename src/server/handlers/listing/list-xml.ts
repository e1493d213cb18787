import { S3_XMLNS } from '../../response/xml.js'
import { storageClassOf } from '../../storage/common/storage-class.js'
import type { ObjectInfo } from '../../storage/object-layer.js'
import { encodeName } from './encode-names.js'

/** Who owns listed objects: the root account (one owner), as ListBuckets reports it. */
export interface Owner {
  ID: string
  DisplayName: string
}

/** A top-level element of a listing answer; undefined leaves the element out. */
export type ListField = readonly [name: string, value: string | number | boolean | undefined]

// A 1,000-key page through the generic XML builder cost more than the LMDB scan and the
// socket write together, so listing pages are rendered by concatenating strings directly.
const SPECIAL = /[&<>'"]/
const SPECIAL_ALL = /[&<>'"]/g
const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  "'": '&apos;',
  '"': '&quot;',
}

/**
 * Escapes text for an XML element body, as the generic builder does (all five entities).
 *
 * @example escapeXmlText('a&b') // 'a&amp;b'
 */
export function escapeXmlText(text: string): string {
  return SPECIAL.test(text) ? text.replace(SPECIAL_ALL, (c) => ENTITIES[c]!) : text
}

/**
 * The whole `ListBucketResult` document (declaration, S3 namespace) around `inner`.
 *
 * @example listBucketResultXml(renderFields([['IsTruncated', false]]))
 */
export function listBucketResultXml(inner: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<ListBucketResult xmlns="${S3_XMLNS}">${inner}</ListBucketResult>`
}

/**
 * Top-level elements in the order given, skipping undefined values.
 *
 * @example renderFields([['MaxKeys', 1000], ['Delimiter', undefined]]) // '<MaxKeys>1000</MaxKeys>'
 */
export function renderFields(fields: readonly ListField[]): string {
  let out = ''
  for (const [name, value] of fields) {
    if (value === undefined) continue
    out += `<${name}>${typeof value === 'string' ? escapeXmlText(value) : String(value)}</${name}>`
  }
  return out
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
): string {
  const owner = options.owner
    ? `<Owner><ID>${escapeXmlText(options.owner.ID)}</ID><DisplayName>${escapeXmlText(options.owner.DisplayName)}</DisplayName></Owner>`
    : ''
  let out = ''
  for (const o of objects) {
    out += `<Contents><Key>${escapeXmlText(encodeName(o.key, options.encoding))}</Key><LastModified>${isoTime(o.lastModified)}</LastModified><ETag>&quot;${escapeXmlText(o.etag)}&quot;</ETag><Size>${o.size}</Size>${owner}<StorageClass>${storageClassOf(o.headers)}</StorageClass></Contents>`
  }
  return out
}

/** `<CommonPrefixes><Prefix>…</Prefix></CommonPrefixes>`, one element per prefix as S3 writes them. */
export function renderCommonPrefixes(prefixes: readonly string[], encoding: 'url' | undefined): string {
  let out = ''
  for (const p of prefixes)
    out += `<CommonPrefixes><Prefix>${escapeXmlText(encodeName(p, encoding))}</Prefix></CommonPrefixes>`
  return out
}

// Keys written together share a millisecond, so one remembered rendering saves most
// toISOString calls on a page of a bulk-loaded prefix.
let lastTime = Number.NaN
let lastIso = ''

function isoTime(date: Date): string {
  const time = date.getTime()
  if (time !== lastTime) {
    lastTime = time
    lastIso = date.toISOString()
  }
  return lastIso
}

/** Drops undefined members, so optional elements are left out rather than rendered empty. */
export function withoutUndefined(body: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined))
}
