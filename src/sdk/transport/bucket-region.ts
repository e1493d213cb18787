/**
 * GetBucketLocation for the region cache: `GET /bucket?location`, signed for us-east-1 (the
 * one region every S3 endpoint accepts for it). A denied lookup falls back to the default region,
 * so least-privilege users without s3:GetBucketLocation can still work (minio-js #1337, mc parity).
 */
import { DEFAULT_REGION } from '../constants.js'
import { S3Error } from '../errors.js'
import type { WireResponse } from '../platform/types.js'
import type { S3Request } from './request.js'
import { parseXml } from './xml.js'

/**
 * Looks up a bucket's region through the given request function.
 * @example
 * const region = await lookupBucketRegion((r) => transport.request(r), 'photos')
 */
export async function lookupBucketRegion(
  request: (r: S3Request) => Promise<WireResponse>,
  bucket: string,
): Promise<string> {
  let res: WireResponse
  try {
    res = await request({ method: 'GET', bucket, query: { location: '' }, region: DEFAULT_REGION })
  } catch (error) {
    if (!(error instanceof S3Error)) throw error
    if (error.code === 'AccessDenied') return error.region ?? DEFAULT_REGION
    // A server that knows the bucket is elsewhere says so in the error (S3: AuthorizationHeaderMalformed).
    if (error.code === 'AuthorizationHeaderMalformed' && error.region !== undefined) return error.region
    throw error
  }
  return parseLocationConstraint(await res.text())
}

/**
 * The region named by a `<LocationConstraint>` document ('' means us-east-1, 'EU' eu-west-1).
 * @example
 * await parseLocationConstraint('<LocationConstraint>eu-central-1</LocationConstraint>') // 'eu-central-1'
 */
export async function parseLocationConstraint(xml: string): Promise<string> {
  const value = await parseXml(xml, 'LocationConstraint')
  const region = typeof value === 'string' ? value : ''
  if (region === '') return DEFAULT_REGION
  return region === 'EU' ? 'eu-west-1' : region
}
