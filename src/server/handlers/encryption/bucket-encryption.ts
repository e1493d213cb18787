import type { XmlElement, XmlValue } from '../../body/parse-xml-body.js'
import { S3ServerError } from '../../errors.js'
import { renderXml } from '../../response/xml.js'
import type { ObjectLayer } from '../../storage/object-layer.js'

/**
 * The bucket document holding a bucket's default encryption (PutBucketEncryption), as JSON
 * ({@link BucketEncryption}); deleted with the bucket like its other documents.
 */
export const BUCKET_ENCRYPTION_DOCUMENT = 'encryption'

/** A bucket's default encryption: the one algorithm Silo applies by default, SSE-S3. */
export interface BucketEncryption {
  algorithm: 'AES256'
  /** `<BucketKeyEnabled>` as sent: kept and answered; with SSE-S3 it changes nothing (as on S3). */
  bucketKeyEnabled?: boolean
}

/** Elements of a ServerSideEncryptionConfiguration that may repeat. */
export const ENCRYPTION_REPEATED: ReadonlySet<string> = new Set(['Rule'])

/**
 * Checks a `ServerSideEncryptionConfiguration`'s content as S3 does: exactly one `<Rule>` with
 * `<ApplyServerSideEncryptionByDefault><SSEAlgorithm>`; AES256 is taken, `aws:kms` /
 * `aws:kms:dsse` are 501 NotImplemented (no KMS here), anything else MalformedXML; a
 * `KMSMasterKeyID` without aws:kms is InvalidArgument.
 *
 * @example parseEncryptionConfiguration(doc) // { algorithm: 'AES256' }
 */
export function parseEncryptionConfiguration(doc: XmlElement): BucketEncryption {
  const rules = doc.Rule
  if (!Array.isArray(rules) || rules.length !== 1) {
    throw new S3ServerError('MalformedXML', 'A ServerSideEncryptionConfiguration holds exactly one Rule.')
  }
  const rule = element(rules[0])
  const apply = element(rule.ApplyServerSideEncryptionByDefault)
  const algorithm = text(apply.SSEAlgorithm)
  if (algorithm === 'aws:kms' || algorithm === 'aws:kms:dsse') {
    throw new S3ServerError(
      'NotImplemented',
      `Silo does not implement SSE-KMS (SSEAlgorithm ${algorithm}); use AES256 (SSE-S3).`,
    )
  }
  if (algorithm !== 'AES256') {
    throw new S3ServerError(
      'MalformedXML',
      'The Rule needs ApplyServerSideEncryptionByDefault with SSEAlgorithm AES256.',
    )
  }
  if (apply.KMSMasterKeyID !== undefined) {
    throw new S3ServerError(
      'InvalidArgument',
      'KMSMasterKeyID is not applicable if the default sse algorithm is not aws:kms',
      { ArgumentName: 'ApplyServerSideEncryptionByDefault' },
    )
  }
  const bucketKey = rule.BucketKeyEnabled
  if (bucketKey === undefined) return { algorithm }
  const flag = text(bucketKey)
  if (flag !== 'true' && flag !== 'false') {
    throw new S3ServerError('MalformedXML', 'BucketKeyEnabled must be true or false.')
  }
  return { algorithm, bucketKeyEnabled: flag === 'true' }
}

/**
 * The GetBucketEncryption answer for a stored configuration.
 *
 * @example sendXml(res, 200, renderEncryptionConfiguration({ algorithm: 'AES256' }))
 */
export function renderEncryptionConfiguration(config: BucketEncryption): string {
  return renderXml('ServerSideEncryptionConfiguration', {
    Rule: {
      ApplyServerSideEncryptionByDefault: { SSEAlgorithm: config.algorithm },
      ...(config.bucketKeyEnabled === undefined ? {} : { BucketKeyEnabled: String(config.bucketKeyEnabled) }),
    },
  })
}

/**
 * The bucket's default encryption, or undefined when it has none (a missing bucket is
 * NoSuchBucket, the answer the write would get anyway).
 *
 * @example const preset = await bucketEncryptionOf(ctx.storage, 'photos')
 */
export async function bucketEncryptionOf(
  storage: ObjectLayer,
  bucket: string,
): Promise<BucketEncryption | undefined> {
  const text = await storage.getBucketDocument(bucket, BUCKET_ENCRYPTION_DOCUMENT)
  return text === undefined ? undefined : (JSON.parse(text) as BucketEncryption)
}

function element(value: XmlValue | XmlValue[] | undefined): XmlElement {
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value
  throw new S3ServerError(
    'MalformedXML',
    'The Rule needs ApplyServerSideEncryptionByDefault with SSEAlgorithm AES256.',
  )
}

function text(value: XmlValue | XmlValue[] | undefined): string | undefined {
  return typeof value === 'string' ? value.trim() : undefined
}
