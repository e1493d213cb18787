import type { ObjectLayer } from '../storage/object-layer.js'

/** The bucket document holding a bucket's Block Public Access settings (JSON). */
export const PUBLIC_ACCESS_BLOCK_DOCUMENT = 'public-access-block.json'

/** S3's four Block Public Access settings; all false when none are stored. */
export interface PublicAccessBlock {
  BlockPublicAcls: boolean
  IgnorePublicAcls: boolean
  BlockPublicPolicy: boolean
  RestrictPublicBuckets: boolean
}

/** The settings' names, in S3's order. */
export const PUBLIC_ACCESS_BLOCK_FIELDS = [
  'BlockPublicAcls',
  'IgnorePublicAcls',
  'BlockPublicPolicy',
  'RestrictPublicBuckets',
] as const satisfies readonly (keyof PublicAccessBlock)[]

/**
 * The bucket's stored Block Public Access settings, or undefined when it has none (or the
 * bucket does not exist: the caller's own lookup answers NoSuchBucket).
 *
 * @example const block = await readPublicAccessBlock(storage, 'photos')
 */
export async function readPublicAccessBlock(
  storage: ObjectLayer,
  bucket: string,
): Promise<PublicAccessBlock | undefined> {
  const text = await storage.getBucketDocument(bucket, PUBLIC_ACCESS_BLOCK_DOCUMENT).catch(() => undefined)
  if (text === undefined) return undefined
  try {
    const stored = JSON.parse(text) as Partial<Record<keyof PublicAccessBlock, unknown>>
    return Object.fromEntries(
      PUBLIC_ACCESS_BLOCK_FIELDS.map((name) => [name, stored[name] === true]),
    ) as unknown as PublicAccessBlock
  } catch {
    return undefined
  }
}

/**
 * RestrictPublicBuckets: whether the bucket refuses anonymous callers the grants of a public
 * bucket policy. Silo has one account, so only anonymous callers are outside it; IAM users keep
 * the policy's grants. Read only once the policy is known to be public (isPublicBucketPolicy).
 *
 * @example if (await restrictsPublicBuckets(storage, 'photos')) skip the bucket policy
 */
export async function restrictsPublicBuckets(storage: ObjectLayer, bucket: string): Promise<boolean> {
  return (await readPublicAccessBlock(storage, bucket))?.RestrictPublicBuckets === true
}
