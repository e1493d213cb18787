import type { S3Action } from './actions.js'
import { S3_ARN_PREFIX } from './compile-resource.js'
import type { PolicyDocument, PolicyStatement } from './types.js'

/** The canned bucket policies of minio-js and mc: anonymous access to a bucket or prefix. */
export type CannedBucketPolicy = 'none' | 'readonly' | 'writeonly' | 'readwrite'

const READ_OBJECT: S3Action[] = ['s3:GetObject']
const WRITE_OBJECT: S3Action[] = [
  's3:AbortMultipartUpload',
  's3:DeleteObject',
  's3:ListMultipartUploadParts',
  's3:PutObject',
]
const EVERYONE = Object.freeze({ AWS: Object.freeze(['*']) })

/**
 * The bucket policy document granting anonymous `name` access to `bucket` (under `prefix`), or
 * null for `none` (delete the bucket policy). `readonly` allows GetObject, ListBucket and
 * GetBucketLocation; `writeonly` allows uploads (PutObject, multipart) and DeleteObject;
 * `readwrite` both. With a prefix, listing is limited to `s3:prefix` values under it.
 *
 * @example cannedBucketPolicyDocument('readonly', 'photos', 'public/')
 */
export function cannedBucketPolicyDocument(
  name: CannedBucketPolicy,
  bucket: string,
  prefix = '',
): PolicyDocument | null {
  if (name === 'none') return null
  const read = name !== 'writeonly'
  const write = name !== 'readonly'
  const bucketArn = S3_ARN_PREFIX + bucket
  const bucketActions: S3Action[] = ['s3:GetBucketLocation']
  if (read && prefix === '') bucketActions.push('s3:ListBucket')
  if (write) bucketActions.push('s3:ListBucketMultipartUploads')
  const statements: PolicyStatement[] = [allowEveryone(bucketActions, bucketArn)]
  if (read && prefix !== '') {
    const condition = { StringLike: { 's3:prefix': [`${prefix}*`] } }
    statements.push({ ...allowEveryone(['s3:ListBucket'], bucketArn), Condition: condition })
  }
  const objectActions = [...(read ? READ_OBJECT : []), ...(write ? WRITE_OBJECT : [])]
  statements.push(allowEveryone(objectActions, `${bucketArn}/${prefix}*`))
  return { Version: '2012-10-17', Statement: statements }
}

/**
 * {@link cannedBucketPolicyDocument} as the JSON text `setBucketPolicy` takes; '' for `none`.
 *
 * @example client.setBucketPolicy('photos', cannedBucketPolicy('readonly', 'photos'))
 */
export function cannedBucketPolicy(name: CannedBucketPolicy, bucket: string, prefix = ''): string {
  const document = cannedBucketPolicyDocument(name, bucket, prefix)
  return document === null ? '' : JSON.stringify(document)
}

function allowEveryone(actions: S3Action[], resource: string): PolicyStatement {
  return { Effect: 'Allow', Principal: EVERYONE, Action: actions, Resource: [resource] }
}
