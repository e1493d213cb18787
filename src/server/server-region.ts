/**
 * The server's region, as MinIO has it: either one is configured (`createServer`'s `region`,
 * or the server configuration's `region`) and the server answers for that region only, or none
 * is (the default, `''`) and the server accepts any region — in signatures and as a bucket's
 * LocationConstraint — while reporting us-east-1 for itself (MinIO's `isValidRegion` is true
 * for any region when the configured one is empty).
 */

/** The region a server with none configured reports (S3's original region). */
export const DEFAULT_REGION = 'us-east-1'

// A region name is a DNS label (it appears in host names: s3.<region>.amazonaws.com): 1 to 63
// lower-case letters, digits and hyphens, not starting or ending with a hyphen.
const REGION_NAME = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/

/**
 * Whether `name` has the shape of a region name (`eu-west-1`, `us-gov-west-1`, `home`).
 * @example isRegionName('eu-west-1') // true; isRegionName('Mars Base') // false
 */
export function isRegionName(name: string): boolean {
  return REGION_NAME.test(name)
}

/**
 * The region a server reports (admin info, the banner, events): the configured one, else us-east-1.
 * @example reportedRegion('') // 'us-east-1'
 */
export function reportedRegion(configured: string): string {
  return configured || DEFAULT_REGION
}

/**
 * The region a bucket is in, as GetBucketLocation and HeadBucket say: with a region configured,
 * that one (requests must be signed for it, whatever the bucket was made with); else the
 * bucket's LocationConstraint, us-east-1 when it was made without one.
 * @example regionOfBucket('', 'eu-west-1') // 'eu-west-1'; regionOfBucket('us-east-2', 'eu-west-1') // 'us-east-2'
 */
export function regionOfBucket(configured: string, bucketRegion: string): string {
  return configured || bucketRegion || DEFAULT_REGION
}
