import type { PolicyDocument } from './types.js'

/** Names of the built-in canned IAM policies. */
export type BuiltInPolicyName = 'readonly' | 'readwrite' | 'writeonly'

const allow = (actions: string[]): PolicyDocument =>
  Object.freeze({
    Version: '2012-10-17',
    Statement: [
      Object.freeze({ Effect: 'Allow', Action: Object.freeze(actions), Resource: 'arn:aws:s3:::*' }),
    ],
  })

/**
 * The built-in canned IAM policies, present unless a stored policy of the same name replaces
 * them. `readonly` adds `s3:ListBucket` and `s3:ListAllMyBuckets` to MinIO 2018's
 * GetBucketLocation + GetObject, so a read-only user can list what it may read.
 *
 * @example JSON.stringify(BUILT_IN_POLICIES.readwrite) // the document to store or show
 */
export const BUILT_IN_POLICIES: Readonly<Record<BuiltInPolicyName, PolicyDocument>> = Object.freeze({
  readonly: allow(['s3:GetBucketLocation', 's3:GetObject', 's3:ListBucket', 's3:ListAllMyBuckets']),
  readwrite: allow(['s3:*']),
  writeonly: allow(['s3:PutObject']),
})

/** True when `name` is a built-in canned IAM policy name. */
export function isBuiltInPolicyName(name: string): name is BuiltInPolicyName {
  return Object.hasOwn(BUILT_IN_POLICIES, name)
}
