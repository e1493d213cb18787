/**
 * ADAPTER between the CLI and the issue-14 SDK methods (versioning, version listing, tagging,
 * object lock, lifecycle). Versioning, tagging, object lock configuration, retention and legal
 * hold call the SDK's methods. Two still send their one S3 request through the
 * SDK's public `makeRequestAsync` (signed and addressed like every other call), each saying why:
 * the version listing (order of delete markers) and clearing a retention. Lifecycle calls the SDK.
 */
import { createHash } from 'node:crypto'
import { XMLParser } from 'fast-xml-parser'
import type { Client, RawResponse } from '../../index.js'

const parser = new XMLParser({
  ignoreAttributes: true,
  parseTagValue: false,
  trimValues: true,
  isArray: (name) => ['Version', 'DeleteMarker', 'CommonPrefixes', 'Tag', 'Rule'].includes(name),
})

/** A request's target: a bucket, or an object (optionally one version of it). */
export interface Target {
  bucket: string
  key?: string | undefined
  versionId?: string | undefined
}

async function readText(res: RawResponse): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of res as AsyncIterable<Uint8Array | string>) {
    chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk))
  }
  return Buffer.concat(chunks).toString('utf8')
}

function queryFor(sub: string, target: Target, extra: Record<string, string> = {}): string {
  const parts = [sub]
  if (target.versionId) parts.push(`versionId=${encodeURIComponent(target.versionId)}`)
  for (const [name, value] of Object.entries(extra)) {
    parts.push(`${encodeURIComponent(name)}=${encodeURIComponent(value)}`)
  }
  return parts.join('&')
}

async function send(
  client: Client,
  method: string,
  target: Target,
  query: string,
  body?: string,
  headers: Record<string, string> = {},
): Promise<string> {
  const sent = { ...headers }
  if (body !== undefined) sent['content-md5'] = createHash('md5').update(body).digest('base64')
  const res = await client.makeRequestAsync(
    { method, bucketName: target.bucket, objectName: target.key || undefined, query, headers: sent },
    body ?? '',
    [200, 204],
  )
  return readText(res)
}

function parse(xml: string): Record<string, unknown> {
  return xml.trim() === '' ? {} : (parser.parse(xml) as Record<string, unknown>)
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}

function text(value: unknown): string {
  return value === undefined || value === null ? '' : String(value)
}

function escapeXml(value: string): string {
  return value.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`)
}

const XMLNS = 'xmlns="http://s3.amazonaws.com/doc/2006-03-01/"'

// ---- versioning -------------------------------------------------------------------------

/** minio-js's versioning configuration: `{ Status: 'Enabled' | 'Suspended' }` (empty when never set). */
export interface VersioningConfig {
  Status?: string
  MFADelete?: string
}

/**
 * Sets a bucket's versioning (now the SDK's `setBucketVersioning`).
 * @example
 * await setBucketVersioning(client, 'photos', { Status: 'Enabled' })
 */
export async function setBucketVersioning(client: Client, bucket: string, config: VersioningConfig) {
  await client.setBucketVersioning(bucket, config as { Status?: 'Enabled' | 'Suspended' })
}

/**
 * A bucket's versioning (now the SDK's `getBucketVersioning`; `''` when never set becomes `{}`).
 * @example
 * (await getBucketVersioning(client, 'photos')).Status // 'Enabled'
 */
export async function getBucketVersioning(client: Client, bucket: string): Promise<VersioningConfig> {
  const config = await client.getBucketVersioning(bucket)
  if (config === '') return {}
  const out: VersioningConfig = {}
  if (config.Status) out.Status = config.Status
  if (config.MFADelete) out.MFADelete = config.MFADelete
  return out
}

/** One entry of a version listing (minio-js's `listObjects` item with `IncludeVersion`). */
export interface VersionEntry {
  name?: string
  prefix?: string
  versionId?: string
  isLatest?: boolean
  isDeleteMarker?: boolean
  size?: number
  etag?: string
  storageClass?: string
  lastModified?: Date
}

/**
 * Every version and delete marker under `prefix` (a key's newest first), and with `recursive`
 * false the folders one level down; pages with the key and version-ID markers. Sent here
 * rather than through the SDK's `listObjects` with `IncludeVersion`, which (as minio-js) gives
 * a page's versions first and its delete markers after, losing the order mc's listing needs.
 * @example
 * for await (const v of listObjectVersions(client, 'photos', 'a/', true)) console.log(v.versionId)
 */
export async function* listObjectVersions(
  client: Client,
  bucket: string,
  prefix: string,
  recursive: boolean,
): AsyncGenerator<VersionEntry> {
  let keyMarker = ''
  let versionMarker = ''
  for (;;) {
    const extra: Record<string, string> = { prefix }
    if (!recursive) extra.delimiter = '/'
    if (keyMarker) extra['key-marker'] = keyMarker
    if (versionMarker) extra['version-id-marker'] = versionMarker
    const doc = parse(await send(client, 'GET', { bucket }, queryFor('versions', { bucket }, extra)))
    const result = (doc.ListVersionsResult ?? {}) as Record<string, unknown>
    const entries: VersionEntry[] = []
    for (const [kind, list] of [
      ['Version', result.Version],
      ['DeleteMarker', result.DeleteMarker],
    ] as const) {
      for (const item of (list ?? []) as Record<string, unknown>[]) {
        const entry: VersionEntry = {
          name: text(item.Key),
          versionId: text(item.VersionId),
          isLatest: text(item.IsLatest) === 'true',
          isDeleteMarker: kind === 'DeleteMarker',
          size: Number(item.Size ?? 0),
          lastModified: new Date(text(item.LastModified)),
        }
        if (kind === 'Version') {
          entry.etag = text(item.ETag).replace(/^"|"$/g, '')
          entry.storageClass = text(item.StorageClass)
        }
        entries.push(entry)
      }
    }
    // The XML interleaves versions and markers in key order, newest first; the parser splits
    // them by element name, so restore that order (keys ascending, then newest first).
    entries.sort(
      (a, b) =>
        compareText(a.name ?? '', b.name ?? '') ||
        (b.lastModified?.getTime() ?? 0) - (a.lastModified?.getTime() ?? 0) ||
        Number(b.isLatest) - Number(a.isLatest),
    )
    for (const p of (result.CommonPrefixes ?? []) as Record<string, unknown>[]) {
      entries.push({ prefix: text(p.Prefix) })
    }
    yield* entries
    if (text(result.IsTruncated) !== 'true') return
    keyMarker = text(result.NextKeyMarker)
    versionMarker = text(result.NextVersionIdMarker)
    if (!keyMarker) return
  }
}

/**
 * Stands in for `client.removeObject(bucket, key, { versionId, governanceBypass })`. Resolves
 * the response's version ID and whether it was (or wrote) a delete marker.
 * @example
 * await removeObjectVersion(client, { bucket: 'photos', key: 'a.jpg', versionId: 'v1' })
 */
export async function removeObjectVersion(
  client: Client,
  target: Target,
  governanceBypass = false,
): Promise<{ versionId: string; deleteMarker: boolean }> {
  const headers: Record<string, string> = governanceBypass
    ? { 'x-amz-bypass-governance-retention': 'true' }
    : {}
  const res = await client.makeRequestAsync(
    {
      method: 'DELETE',
      bucketName: target.bucket,
      objectName: target.key,
      query: target.versionId ? `versionId=${encodeURIComponent(target.versionId)}` : '',
      headers,
    },
    '',
    [200, 204],
  )
  await readText(res)
  return {
    versionId: text(res.headers['x-amz-version-id']),
    deleteMarker: text(res.headers['x-amz-delete-marker']) === 'true',
  }
}

// ---- tagging ----------------------------------------------------------------------------

/** A tag as minio-js's getObjectTagging / getBucketTagging give them. */
export interface Tag {
  Key: string
  Value: string
}

function versionOpts(target: Target) {
  return target.versionId === undefined ? {} : { versionId: target.versionId }
}

/**
 * Replaces the tags of a bucket or object version (now the SDK's setBucketTagging /
 * setObjectTagging).
 * @example
 * await putTagging(client, { bucket: 'photos', key: 'a.jpg' }, { project: 'x' })
 */
export async function putTagging(client: Client, target: Target, tags: Record<string, string>) {
  if (target.key) await client.setObjectTagging(target.bucket, target.key, tags, versionOpts(target))
  else await client.setBucketTagging(target.bucket, tags)
}

/**
 * The tags of a bucket or object version (now the SDK's getBucketTagging / getObjectTagging).
 * @example
 * await getTagging(client, { bucket: 'photos' }) // [{ Key: 'project', Value: 'x' }]
 */
export async function getTagging(client: Client, target: Target): Promise<Tag[]> {
  const tags = target.key
    ? await client.getObjectTagging(target.bucket, target.key, versionOpts(target))
    : await client.getBucketTagging(target.bucket)
  return tags.map((t) => ({ Key: t.Key, Value: t.Value }))
}

/**
 * Removes the tags of a bucket or object version (now the SDK's removeBucketTagging /
 * removeObjectTagging).
 * @example
 * await removeTagging(client, { bucket: 'photos', key: 'a.jpg' })
 */
export async function removeTagging(client: Client, target: Target) {
  if (target.key) await client.removeObjectTagging(target.bucket, target.key, versionOpts(target))
  else await client.removeBucketTagging(target.bucket)
}

// ---- object lock ------------------------------------------------------------------------

/** minio-js's object lock configuration (getObjectLockConfig's shape). */
export interface ObjectLockConfig {
  objectLockEnabled?: string
  mode?: string
  unit?: 'Days' | 'Years'
  validity?: number
}

/**
 * Stands in for `client.setObjectLockConfig(bucket, { mode, unit, validity })`; `{}` clears the
 * default retention.
 * @example
 * await setObjectLockConfig(client, 'records', { mode: 'GOVERNANCE', unit: 'Days', validity: 30 })
 */
export async function setObjectLockConfig(client: Client, bucket: string, config: ObjectLockConfig) {
  type Options = Parameters<Client['setObjectLockConfig']>[1]
  const options =
    config.mode && config.unit && config.validity
      ? { mode: config.mode, unit: config.unit, validity: config.validity }
      : {}
  await client.setObjectLockConfig(bucket, options as Options)
}

/**
 * Stands in for `client.getObjectLockConfig(bucket)`.
 * @example
 * (await getObjectLockConfig(client, 'records')).mode // 'GOVERNANCE'
 */
export async function getObjectLockConfig(client: Client, bucket: string): Promise<ObjectLockConfig> {
  const info = await client.getObjectLockConfig(bucket)
  const out: ObjectLockConfig = { objectLockEnabled: info.objectLockEnabled ?? '' }
  if (info.mode) out.mode = String(info.mode)
  if (info.unit) out.unit = String(info.unit) === 'Years' ? 'Years' : 'Days'
  if (info.validity) out.validity = info.validity
  return out
}

/** minio-js's object retention (getObjectRetention's shape; empty when none is set). */
export interface Retention {
  mode?: string
  retainUntilDate?: string
}

/**
 * Stands in for `client.putObjectRetention(bucket, key, { mode, retainUntilDate, versionId,
 * governanceBypass })`; no mode clears the retention (governance only, with the bypass).
 * @example
 * await putObjectRetention(client, { bucket: 'records', key: 'a' }, { mode: 'GOVERNANCE', retainUntilDate: d })
 */
export async function putObjectRetention(
  client: Client,
  target: Target,
  retention: Retention,
  governanceBypass = false,
) {
  if (retention.mode) {
    type Options = NonNullable<Parameters<Client['putObjectRetention']>[2]>
    const options = {
      ...versionOpts(target),
      mode: retention.mode,
      retainUntilDate: retention.retainUntilDate,
      governanceBypass,
    }
    await client.putObjectRetention(target.bucket, target.key ?? '', options as Options)
    return
  }
  // Clearing (an empty Retention, GOVERNANCE only, with the bypass) stays a request of its own:
  // minio-js's putObjectRetention has no form for it.
  const inner = retention.mode
    ? `<Mode>${retention.mode}</Mode><RetainUntilDate>${retention.retainUntilDate}</RetainUntilDate>`
    : ''
  const headers: Record<string, string> = governanceBypass
    ? { 'x-amz-bypass-governance-retention': 'true' }
    : {}
  await send(
    client,
    'PUT',
    target,
    queryFor('retention', target),
    `<Retention ${XMLNS}>${inner}</Retention>`,
    headers,
  )
}

/**
 * Stands in for `client.getObjectRetention(bucket, key, { versionId })`.
 * @example
 * (await getObjectRetention(client, { bucket: 'records', key: 'a' })).mode // 'COMPLIANCE'
 */
export async function getObjectRetention(client: Client, target: Target): Promise<Retention> {
  const info = await client.getObjectRetention(target.bucket, target.key ?? '', versionOpts(target))
  const out: Retention = {}
  if (info?.mode) out.mode = String(info.mode)
  if (info?.retainUntilDate) out.retainUntilDate = info.retainUntilDate
  return out
}

/**
 * Stands in for `client.setObjectLegalHold(bucket, key, { status, versionId })`.
 * @example
 * await setObjectLegalHold(client, { bucket: 'records', key: 'a' }, 'ON')
 */
export async function setObjectLegalHold(client: Client, target: Target, status: 'ON' | 'OFF') {
  type Options = NonNullable<Parameters<Client['setObjectLegalHold']>[2]>
  await client.setObjectLegalHold(target.bucket, target.key ?? '', {
    status,
    ...versionOpts(target),
  } as Options)
}

/**
 * Stands in for `client.getObjectLegalHold(bucket, key, { versionId })`: resolves `{ Status }`.
 * @example
 * (await getObjectLegalHold(client, { bucket: 'records', key: 'a' })).Status // 'ON'
 */
export async function getObjectLegalHold(client: Client, target: Target): Promise<{ Status: string }> {
  const info = await client.getObjectLegalHold(target.bucket, target.key ?? '', versionOpts(target))
  return { Status: String(info?.Status ?? 'OFF') }
}

// ---- lifecycle --------------------------------------------------------------------------

/** One lifecycle rule with S3's element names, as minio-js's setBucketLifecycle takes it. */
export type LifecycleRule = Record<string, unknown>

/**
 * Replaces the bucket's lifecycle rules (the SDK's `setBucketLifecycle`).
 * @example
 * await putBucketLifecycle(client, 'logs', [{ ID: 'r', Status: 'Enabled', Filter: { Prefix: '' }, Expiration: { Days: 7 } }])
 */
export async function putBucketLifecycle(client: Client, bucket: string, rules: LifecycleRule[]) {
  type Config = Parameters<Client['setBucketLifecycle']>[1]
  await client.setBucketLifecycle(bucket, { Rule: rules } as Config)
}

/**
 * The bucket's lifecycle rules (the SDK's `getBucketLifecycle`; one rule read back is an
 * object there, a list here), `null` when the bucket has none (NoSuchLifecycleConfiguration).
 * @example
 * const rules = await getBucketLifecycle(client, 'logs') // [{ ID: 'r', ... }] | null
 */
export async function getBucketLifecycle(client: Client, bucket: string): Promise<LifecycleRule[] | null> {
  try {
    const config = (await client.getBucketLifecycle(bucket)) as { Rule?: unknown } | undefined
    const rules = config?.Rule
    if (rules === undefined || rules === null || rules === '') return []
    return (Array.isArray(rules) ? rules : [rules]) as LifecycleRule[]
  } catch (error) {
    if ((error as { code?: string }).code === 'NoSuchLifecycleConfiguration') return null
    throw error
  }
}

/**
 * Removes the bucket's lifecycle configuration (the SDK's `removeBucketLifecycle`).
 * @example
 * await removeBucketLifecycle(client, 'logs')
 */
export async function removeBucketLifecycle(client: Client, bucket: string) {
  await client.removeBucketLifecycle(bucket)
}

/** Escapes text for an XML element (for documents the commands build). */
export { escapeXml }
