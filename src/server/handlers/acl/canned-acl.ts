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

/** The headers (and POST form fields) that grant a permission to named grantees. */
export const GRANT_HEADERS = [
  'x-amz-grant-full-control',
  'x-amz-grant-read',
  'x-amz-grant-read-acp',
  'x-amz-grant-write',
  'x-amz-grant-write-acp',
] as const

/**
 * Checks the `x-amz-grant-*` headers (or POST form fields) of a write: none, or only
 * `x-amz-grant-full-control` naming the bucket owner alone (`id="<owner>"`, S3's "bucket owner
 * full control ACL"), pass; a grant of anything to anyone else (another id, an e-mail, a group
 * URI such as AllUsers) is refused with AccessControlListNotSupported, as S3 refuses it under
 * BucketOwnerEnforced, rather than accepted and ignored. The owner is looked up only when a
 * grant is present.
 *
 * @example await checkGrantHeaders((name) => headerOf(req, name), () => readBucketOwnerId(ctx, bucket))
 */
export async function checkGrantHeaders(
  read: (name: string) => string | undefined,
  readOwnerId: () => Promise<string>,
): Promise<void> {
  const present = GRANT_HEADERS.filter((name) => read(name) !== undefined)
  if (present.length === 0) return
  const ownerId = await readOwnerId()
  for (const name of present) {
    const value = read(name) ?? ''
    const ownerOnly =
      name === 'x-amz-grant-full-control' &&
      value.split(',').every((grantee) => grantee.replace(/\s/g, '') === `id="${ownerId}"`)
    if (!ownerOnly) {
      throw new S3ServerError('AccessControlListNotSupported', 'The bucket does not allow ACLs', {
        ArgumentName: name,
        ArgumentValue: value,
      })
    }
  }
}
