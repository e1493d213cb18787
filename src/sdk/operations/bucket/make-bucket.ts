/** CreateBucket: `PUT /bucket`, with a LocationConstraint outside us-east-1. */
import { DEFAULT_REGION } from '../../constants.js'
import { InvalidArgumentError, S3Error } from '../../errors.js'
import { discardBody } from '../../transport/parse.js'
import type { S3Request } from '../../transport/request.js'
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
 * Creates a bucket in `region` (default: the client's region, else us-east-1). Signed for that
 * region; when the server answers that it is in another one (and the client has no region
 * configured), the request is signed again for the server's region, the LocationConstraint kept.
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
  const request: S3Request = {
    method: 'PUT',
    bucket: bucketName,
    region: target,
    headers: options.ObjectLocking ? { 'x-amz-bucket-object-lock-enabled': 'true' } : undefined,
    body: target === DEFAULT_REGION ? undefined : encoder.encode(createBucketConfiguration(target)),
  }
  try {
    await t.call(request, discardBody)
  } catch (error) {
    const endpointRegion = configured === undefined ? regionNamedBy(error, target) : undefined
    if (endpointRegion === undefined) throw error
    // The endpoint answers for another region (a Silo or MinIO server with a region configured;
    // S3's us-east-1 endpoint too; one with none takes any and never gets here). Sign for it
    // once and keep the LocationConstraint, as S3 wants: the server then creates the bucket, or
    // refuses the constraint naming both regions (IllegalLocationConstraintException) instead
    // of a malformed-authorization error. The second call is explicit-region, so the
    // transport does not retry it: at most two requests.
    await t.call({ ...request, region: endpointRegion }, discardBody)
    t.regions.set(bucketName, request.body === undefined ? endpointRegion : target)
    return
  }
  t.regions.set(bucketName, target)
}

/** The region a wrong-region answer names (S3: AuthorizationHeaderMalformed with `<Region>`). */
function regionNamedBy(error: unknown, signedFor: string): string | undefined {
  if (!(error instanceof S3Error) || error.code !== 'AuthorizationHeaderMalformed') return undefined
  const region = error.region
  return region !== undefined && region !== '' && region !== signedFor ? region : undefined
}

function createBucketConfiguration(region: string): string {
  return (
    '<CreateBucketConfiguration xmlns="http://s3.amazonaws.com/doc/2006-03-01/">' +
    `<LocationConstraint>${escapeXml(region)}</LocationConstraint></CreateBucketConfiguration>`
  )
}
