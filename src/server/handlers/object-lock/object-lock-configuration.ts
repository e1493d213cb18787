import type { Handler } from '../../context.js'
import { S3ServerError } from '../../errors.js'
import {
  readObjectLockConfiguration,
  writeObjectLockConfiguration,
} from '../../object-lock/lock-configuration.js'
import { sendEmpty, sendXml } from '../../response/send.js'
import { readXmlDocument } from '../objects/xml-body.js'
import { readBucketVersioning } from '../versioning/bucket-versioning.js'
import {
  OBJECT_LOCK_LIMITS,
  parseObjectLockConfiguration,
  renderObjectLockConfiguration,
} from './object-lock-document.js'

/**
 * GetObjectLockConfiguration: the bucket's configuration; 404 ObjectLockConfigurationNotFoundError
 * on a bucket without object lock.
 */
export const handleGetObjectLockConfiguration: Handler = async ({ ctx, res, route }) => {
  const config = await readObjectLockConfiguration(ctx.storage, route.bucket)
  if (config === undefined) {
    throw new S3ServerError('ObjectLockConfigurationNotFoundError', undefined, { BucketName: route.bucket })
  }
  sendXml(res, 200, renderObjectLockConfiguration(config))
}

/**
 * PutObjectLockConfiguration: sets the bucket's default retention (or removes it: a document
 * without Rule). A bucket created without object lock gets it enabled here when its versioning is
 * Enabled (S3 allows enabling object lock on an existing versioned bucket); otherwise 409
 * InvalidBucketState. `x-amz-bucket-object-lock-token` (S3's token for that) is not needed and is
 * refused as NotImplemented rather than ignored.
 */
export const handlePutObjectLockConfiguration: Handler = async (args) => {
  const { ctx, req, res, route } = args
  if (req.headers['x-amz-bucket-object-lock-token'] !== undefined) {
    throw new S3ServerError('NotImplemented', 'Silo does not implement x-amz-bucket-object-lock-token.', {
      Header: 'x-amz-bucket-object-lock-token',
    })
  }
  const config = parseObjectLockConfiguration(
    await readXmlDocument(args, 'ObjectLockConfiguration', OBJECT_LOCK_LIMITS),
  )
  const current = await readObjectLockConfiguration(ctx.storage, route.bucket)
  if (current === undefined && (await readBucketVersioning(ctx.storage, route.bucket)) !== 'Enabled') {
    throw new S3ServerError(
      'InvalidBucketState',
      "Versioning must be 'Enabled' on the bucket to apply a Object Lock configuration",
    )
  }
  await writeObjectLockConfiguration(ctx.storage, route.bucket, config)
  sendEmpty(res, 200)
}
