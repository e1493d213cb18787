import type { Handler } from '../../context.js'
import { S3ServerError } from '../../errors.js'
import { sendXml } from '../../response/send.js'
import { bucketEncryptionOf, renderEncryptionConfiguration } from './bucket-encryption.js'

/**
 * GetBucketEncryption: the bucket's `ServerSideEncryptionConfiguration`, or 404
 * ServerSideEncryptionConfigurationNotFoundError when it has none.
 */
export const handleGetBucketEncryption: Handler = async ({ ctx, res, route }) => {
  const config = await bucketEncryptionOf(ctx.storage, route.bucket)
  if (!config) {
    throw new S3ServerError('ServerSideEncryptionConfigurationNotFoundError', undefined, {
      BucketName: route.bucket,
    })
  }
  sendXml(res, 200, renderEncryptionConfiguration(config))
}
