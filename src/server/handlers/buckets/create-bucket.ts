import { parseXmlBody } from '../../body/parse-xml-body.js'
import { readDocumentBody } from '../../body/read-document-body.js'
import type { Handler, HandlerArgs } from '../../context.js'
import { isS3ServerError, S3ServerError } from '../../errors.js'
import { sendEmpty } from '../../response/send.js'
import { isRegionName } from '../../server-region.js'
import { readObjectOwnershipHeader, recordObjectOwnership } from '../acl/ownership-controls.js'
import { enableObjectLockAtCreation, readObjectLockEnabledHeader } from '../object-lock/create-bucket-lock.js'
import type { XmlDocumentLimits } from '../objects/xml-body.js'
import { ownsBucket, recordBucketOwner } from './bucket-owner.js'

// LocationConstraint, Location and Bucket (2 children each) and up to 50 tags take ~160
// elements and a few KiB.
const CONFIGURATION_LIMITS: XmlDocumentLimits = { maxBytes: 64 * 1024, maxElements: 1000 }

/**
 * CreateBucket with an optional `CreateBucketConfiguration` body. Its LocationConstraint is
 * stored with the bucket: any region name when the server has no region configured (as MinIO),
 * else only the configured region. The name was validated by the router (InvalidBucketName).
 * An existing name is BucketAlreadyOwnedByYou for its owner (the root owns every bucket; an IAM
 * user, those it created) and BucketAlreadyExists for anyone else, as S3 answers across accounts.
 * `x-amz-object-ownership` is stored as the bucket's ownership controls (InvalidArgument if unknown).
 * `x-amz-bucket-object-lock-enabled: true` creates the bucket with object lock and versioning
 * enabled (InvalidArgument for a value other than true or false).
 */
export const handleCreateBucket: Handler = async (args) => {
  const { ctx, res, route, auth } = args
  const ownership = readObjectOwnershipHeader(args.req.headers['x-amz-object-ownership'])
  const objectLock = readObjectLockEnabledHeader(args.req.headers)
  const location = await readLocationConstraint(args)
  const configured = ctx.configuredRegion
  if (location !== '' && location !== configured && !isRegionName(location)) {
    throw new S3ServerError(
      'InvalidLocationConstraint',
      `The location constraint '${location}' is not a region name (lower-case letters, digits and -, as eu-west-1).`,
    )
  }
  if (location !== '' && configured !== '' && location !== configured) {
    throw new S3ServerError(
      'IllegalLocationConstraintException',
      `The location constraint '${location}' is not valid for this server, whose region is '${configured}'.`,
    )
  }
  try {
    await ctx.storage.createBucket(route.bucket, location)
  } catch (e) {
    if (isS3ServerError(e) && e.code === 'BucketAlreadyOwnedByYou') {
      if (!(await ownsBucket(ctx.storage, route.bucket, auth.identity))) {
        throw new S3ServerError('BucketAlreadyExists', undefined, { BucketName: route.bucket })
      }
    }
    throw e
  }
  await recordBucketOwner(ctx.storage, route.bucket, auth.identity)
  if (ownership !== undefined) await recordObjectOwnership(ctx.storage, route.bucket, ownership)
  if (objectLock) await enableObjectLockAtCreation(ctx.storage, route.bucket)
  sendEmpty(res, 200, { location: `/${route.bucket}` })
}

async function readLocationConstraint(args: HandlerArgs): Promise<string> {
  const { req } = args
  if (
    req.headers['content-length'] === '0' ||
    (req.headers['content-length'] === undefined && !req.headers['transfer-encoding'])
  ) {
    return ''
  }
  const text = (await readDocumentBody(args, CONFIGURATION_LIMITS)).toString('utf8')
  if (text.trim() === '') return ''
  const doc = await parseXmlBody(text, CONFIGURATION_LIMITS)
  if (doc.root !== 'CreateBucketConfiguration') {
    throw new S3ServerError('MalformedXML', 'The request body must be a CreateBucketConfiguration document.')
  }
  const config = doc.content
  if (typeof config !== 'object') return ''
  const constraint = config.LocationConstraint
  if (constraint === undefined || constraint === '') return ''
  if (typeof constraint !== 'string') {
    throw new S3ServerError('MalformedXML', 'LocationConstraint must be a region name.')
  }
  const region = constraint.trim()
  // S3's legacy name of eu-west-1 (still accepted there; SDKs map it back when reading).
  return region === 'EU' ? 'eu-west-1' : region
}
