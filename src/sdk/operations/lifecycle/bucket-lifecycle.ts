/**
 * Bucket lifecycle: `PUT/GET/DELETE /bucket?lifecycle`. The caller's `{ Rule: [...] }` (minio-js's
 * LifecycleConfig: `ID`, `Status`, `Filter`, `Expiration`, `NoncurrentVersionExpiration`,
 * `AbortIncompleteMultipartUpload`...) is written element for element as
 * `<LifecycleConfiguration>`; an empty config (null, undefined, '', `{}`) removes the
 * configuration, as in minio-js. The answer reads as minio-js reads it: the parsed
 * `<LifecycleConfiguration>` (numbers as numbers; one rule an object, several an array).
 */
import { InvalidArgumentError } from '../../errors.js'
import { discardBody } from '../../transport/parse.js'
import type { Transport } from '../../transport/transport.js'
import { md5Base64 } from '../../upload/digest.js'
import { assertBucketName } from '../../validate.js'
import { elementXml } from '../replication/element-xml.js'
import { parseMinioXml } from '../versioning/minio-xml.js'

/** A tag in a lifecycle filter. */
export interface LifecycleTag {
  Key: string
  Value: string
}

/**
 * One lifecycle rule, with S3's element names (members are written as given).
 * @example
 * const rule: LifecycleRule = { ID: 'logs', Status: 'Enabled', Filter: { Prefix: 'logs/' }, Expiration: { Days: 30 } }
 */
export interface LifecycleRule {
  ID?: string
  Status?: 'Enabled' | 'Disabled' | string
  Prefix?: string
  Filter?: {
    Prefix?: string
    Tag?: LifecycleTag | LifecycleTag[]
    And?: { Prefix?: string; Tag?: LifecycleTag | LifecycleTag[]; [member: string]: unknown }
    [member: string]: unknown
  }
  Expiration?: {
    Days?: number
    Date?: string
    ExpiredObjectDeleteMarker?: boolean
    [member: string]: unknown
  }
  NoncurrentVersionExpiration?: { NoncurrentDays?: number; NewerNoncurrentVersions?: number }
  AbortIncompleteMultipartUpload?: { DaysAfterInitiation: number }
  [member: string]: unknown
}

/**
 * A lifecycle configuration: its rules (read back, one rule is an object, as in minio-js).
 * @example
 * await client.setBucketLifecycle('logs', { Rule: [rule] })
 */
export interface LifecycleConfig {
  Rule: LifecycleRule | LifecycleRule[]
}

// lodash's isEmpty as minio-js uses it: nothing, '', [], {} and any number or boolean.
function isEmpty(value: unknown): boolean {
  if (typeof value === 'string' || Array.isArray(value)) return value.length === 0
  if (typeof value === 'object' && value !== null) return Object.keys(value).length === 0
  return true
}

/**
 * Sets the bucket's lifecycle configuration, or removes it when `config` is empty.
 * @example
 * await setBucketLifecycle(transport, 'logs', { Rule: [{ ID: 'r', Status: 'Enabled', Filter: { Prefix: '' }, Expiration: { Days: 7 } }] })
 */
export async function setBucketLifecycle(t: Transport, bucketName: unknown, config: unknown): Promise<void> {
  assertBucketName(bucketName)
  if (isEmpty(config)) return removeBucketLifecycle(t, bucketName)
  if (typeof config !== 'object' || config === null || Array.isArray(config)) {
    throw new InvalidArgumentError(
      `Invalid lifecycle config: must be an object { Rule: [...] } (or null / '' to remove), got ${typeof config}`,
    )
  }
  let inner = ''
  for (const [name, value] of Object.entries(config)) inner += elementXml(name, value)
  const body = new TextEncoder().encode(`<LifecycleConfiguration>${inner}</LifecycleConfiguration>`)
  const headers = { 'content-md5': md5Base64(body), 'content-type': 'application/xml' }
  await t.call({ method: 'PUT', bucket: bucketName, query: { lifecycle: '' }, headers, body }, discardBody)
}

/**
 * The bucket's lifecycle configuration (`S3Error` `NoSuchLifecycleConfiguration` when none).
 * @example
 * const { Rule } = await getBucketLifecycle(transport, 'logs')
 */
export async function getBucketLifecycle(t: Transport, bucketName: unknown): Promise<LifecycleConfig> {
  assertBucketName(bucketName)
  return t.call({ method: 'GET', bucket: bucketName, query: { lifecycle: '' } }, async (res) => {
    return (await parseMinioXml(await res.text(), 'LifecycleConfiguration')) as unknown as LifecycleConfig
  })
}

/**
 * Removes the bucket's lifecycle configuration.
 * @example
 * await removeBucketLifecycle(transport, 'logs')
 */
export async function removeBucketLifecycle(t: Transport, bucketName: unknown): Promise<void> {
  assertBucketName(bucketName)
  await t.call({ method: 'DELETE', bucket: bucketName, query: { lifecycle: '' } }, discardBody)
}
