import { S3ServerError } from '../../errors.js'

/**
 * The canned ACLs that say no more than object ownership `BucketOwnerEnforced` (S3's default,
 * and the only mode Silo has): the bucket owner has full control and nobody else anything.
 */
const OWNER_ONLY_CANNED_ACLS: ReadonlySet<string> = new Set(['private', 'bucket-owner-full-control'])

/**
 * Checks an `x-amz-acl` header (or POST form `acl` field): absent, `private` and
 * `bucket-owner-full-control` pass; any other canned ACL would grant someone besides the owner,
 * which Silo does not do, so it is refused as S3 refuses it on a BucketOwnerEnforced bucket
 * (400 AccessControlListNotSupported) rather than accepted and ignored.
 *
 * @example checkCannedAcl('public-read') // throws AccessControlListNotSupported
 */
export function checkCannedAcl(value: string | undefined): void {
  if (value === undefined || OWNER_ONLY_CANNED_ACLS.has(value.trim())) return
  throw new S3ServerError('AccessControlListNotSupported', 'The bucket does not allow ACLs', {
    ArgumentName: 'x-amz-acl',
    ArgumentValue: value,
  })
}
