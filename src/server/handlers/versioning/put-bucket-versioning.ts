import type { Handler } from '../../context.js'
import { S3ServerError } from '../../errors.js'
import { sendEmpty } from '../../response/send.js'
import { readXmlDocument, type XmlDocumentLimits } from '../objects/xml-body.js'
import { writeBucketVersioning } from './bucket-versioning.js'
import { parseVersioningConfiguration } from './versioning-configuration.js'

/** A configuration is two short elements: 16 KiB and 16 elements leave room for whitespace. */
const VERSIONING_LIMITS: XmlDocumentLimits = { maxBytes: 16 * 1024, maxElements: 16, maxDepth: 3 }

/**
 * PutBucketVersioning: Enabled or Suspended (there is no way back to never-versioned, as S3).
 * A bucket with object lock cannot be suspended (409 InvalidBucketState); `x-amz-mfa` and
 * MfaDelete Enabled are 501 NotImplemented.
 */
export const handlePutBucketVersioning: Handler = async (args) => {
  const { ctx, req, res, route } = args
  if (req.headers['x-amz-mfa'] !== undefined) {
    throw new S3ServerError('NotImplemented', 'Silo does not implement MFA delete (the x-amz-mfa header).')
  }
  const state = parseVersioningConfiguration(
    await readXmlDocument(args, 'VersioningConfiguration', VERSIONING_LIMITS),
  )
  await writeBucketVersioning(ctx.storage, route.bucket, state)
  sendEmpty(res, 200)
}
