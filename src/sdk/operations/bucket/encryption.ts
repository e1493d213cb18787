/**
 * Bucket default encryption (`?encryption`), minio-js's setBucketEncryption /
 * getBucketEncryption / removeBucketEncryption: the `ServerSideEncryptionConfiguration`
 * document, sent with its Content-MD5, built from the same object shape minio-js takes.
 */
import { InvalidArgumentError } from '../../errors.js'
import { discardBody, readXml } from '../../transport/parse.js'
import type { Transport } from '../../transport/transport.js'
import { escapeXml, type XmlValue } from '../../transport/xml.js'
import { md5Base64 } from '../../upload/digest.js'
import { assertBucketName } from '../../validate.js'

/**
 * The default a rule applies (minio-js 8's `ApplySSEByDefault`).
 * @example
 * const apply: ApplySSEByDefault = { SSEAlgorithm: 'AES256' }
 */
export interface ApplySSEByDefault {
  /** `AES256` (SSE-S3); `aws:kms` asks for SSE-KMS, which Silo's server refuses. */
  SSEAlgorithm: string
  /** The KMS key, with `aws:kms` only (sent as minio-js spells it). */
  KmsMasterKeyID?: string
}

/**
 * One rule of a bucket's default encryption.
 * @example
 * const rule: EncryptionRule = { ApplyServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }
 */
export interface EncryptionRule {
  ApplyServerSideEncryptionByDefault?: ApplySSEByDefault
}

/**
 * A bucket's default encryption: one rule (minio-js 8's `EncryptionConfig`).
 * @example
 * await client.setBucketEncryption('photos', { Rule: [{ ApplyServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }] })
 */
export interface EncryptionConfig {
  Rule: EncryptionRule[]
}

/**
 * What getBucketEncryption resolves to: the parsed document under its root's name, as minio-js
 * returns it (`Rule` is one object when there is one rule).
 * @example
 * const { ServerSideEncryptionConfiguration: config } = await client.getBucketEncryption('photos')
 */
export interface BucketEncryptionInfo {
  ServerSideEncryptionConfiguration: { [name: string]: XmlValue }
}

const ROOT = 'ServerSideEncryptionConfiguration'

// minio-js sends this rule when given no configuration ("Default MinIO Server Supported Rule").
const DEFAULT_CONFIG: EncryptionConfig = {
  Rule: [{ ApplyServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }],
}

/**
 * Sets the bucket's default encryption; an empty or absent configuration sets the AES256 rule.
 * More than one rule is an InvalidArgumentError, as in minio-js.
 * @example
 * await setBucketEncryption(transport, 'photos')
 */
export async function setBucketEncryption(
  t: Transport,
  bucketName: unknown,
  config?: unknown,
): Promise<void> {
  assertBucketName(bucketName)
  const chosen = isEmpty(config) ? DEFAULT_CONFIG : checkConfig(config)
  const body = new TextEncoder().encode(`<${ROOT}>${renderElements(chosen)}</${ROOT}>`)
  const headers = { 'content-md5': md5Base64(body) }
  await t.call({ method: 'PUT', bucket: bucketName, query: { encryption: '' }, headers, body }, discardBody)
}

/**
 * The bucket's default encryption (`S3Error` `ServerSideEncryptionConfigurationNotFoundError`
 * when it has none).
 * @example
 * const info = await getBucketEncryption(transport, 'photos')
 */
export async function getBucketEncryption(t: Transport, bucketName: unknown): Promise<BucketEncryptionInfo> {
  assertBucketName(bucketName)
  return t.call({ method: 'GET', bucket: bucketName, query: { encryption: '' } }, async (res) => {
    const content = await readXml(res, ROOT)
    return { [ROOT]: typeof content === 'object' && !Array.isArray(content) ? content : {} }
  })
}

/**
 * Removes the bucket's default encryption (objects keep theirs).
 * @example
 * await removeBucketEncryption(transport, 'photos')
 */
export async function removeBucketEncryption(t: Transport, bucketName: unknown): Promise<void> {
  assertBucketName(bucketName)
  await t.call({ method: 'DELETE', bucket: bucketName, query: { encryption: '' } }, discardBody)
}

// lodash's isEmpty as minio-js uses it: nullish, '', or an object without own keys.
function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null || value === '') return true
  return typeof value === 'object' && Object.keys(value).length === 0
}

function checkConfig(config: unknown): EncryptionConfig {
  if (typeof config !== 'object' || config === null || !Array.isArray((config as EncryptionConfig).Rule)) {
    throw new InvalidArgumentError('Invalid encryptionConfig: must be { Rule: [rule] }')
  }
  const { Rule } = config as EncryptionConfig
  if (Rule.length > 1)
    throw new InvalidArgumentError(`Invalid Rule length. Only one rule is allowed.: ${Rule}`)
  return config as EncryptionConfig
}

// Object → elements (an array repeats its element), as minio-js's xml2js builder lays it out.
function renderElements(value: unknown): string {
  if (typeof value !== 'object' || value === null) return escapeXml(String(value))
  let out = ''
  for (const [name, child] of Object.entries(value)) {
    if (child === undefined || child === null) continue
    for (const item of Array.isArray(child) ? child : [child])
      out += `<${name}>${renderElements(item)}</${name}>`
  }
  return out
}
