/** CreateBucket: `PUT /bucket`, with a LocationConstraint outside us-east-1. */
import { DEFAULT_REGION } from '../../constants.js'
import { InvalidArgumentError } from '../../errors.js'
import { discardBody } from '../../transport/parse.js'
import type { Transport } from '../../transport/transport.js'
import { escapeXml } from '../../transport/xml.js'
import { assertBucketName, optionalObject, optionalString } from '../../validate.js'

/**
 * Options of `makeBucket`.
 * @example
 * await client.makeBucket('records', 'us-east-1', { ObjectLocking: true })
 */
export interface MakeBucketOptions {
  /** Create the bucket with S3 Object Lock enabled. */
  ObjectLocking?: boolean
}

const encoder = new TextEncoder()

/**
 * Creates a bucket in `region` (default: the client's region, else us-east-1).
 * @example
 * await makeBucket(transport, 'photos', 'eu-west-1')
 */
export async function makeBucket(
  t: Transport,
  bucketName: unknown,
  region?: unknown,
  makeOpts?: unknown,
): Promise<void> {
  assertBucketName(bucketName)
  // makeBucket(bucket, makeOpts): the region may be left out.
  if (typeof region === 'object' && region !== null) [region, makeOpts] = [undefined, region]
  const wanted = optionalString(region, 'region') || undefined
  const options = optionalObject<MakeBucketOptions>(makeOpts, 'makeOpts')
  const configured = t.options.region
  if (configured !== undefined && wanted !== undefined && wanted !== configured) {
    throw new InvalidArgumentError(
      `Invalid region "${wanted}": the client is configured for region "${configured}"`,
    )
  }
  const target = configured ?? wanted ?? DEFAULT_REGION
  await t.call(
    {
      method: 'PUT',
      bucket: bucketName,
      region: target,
      headers: options.ObjectLocking ? { 'x-amz-bucket-object-lock-enabled': 'true' } : undefined,
      body: target === DEFAULT_REGION ? undefined : encoder.encode(createBucketConfiguration(target)),
    },
    discardBody,
  )
  t.regions.set(bucketName, target)
}

function createBucketConfiguration(region: string): string {
  return (
    '<CreateBucketConfiguration xmlns="http://s3.amazonaws.com/doc/2006-03-01/">' +
    `<LocationConstraint>${escapeXml(region)}</LocationConstraint></CreateBucketConfiguration>`
  )
}
