import type { Handler } from '../../context.js'
import { S3ServerError } from '../../errors.js'
import { renderLifecycleConfiguration } from '../../ilm/lifecycle-configuration.js'
import { LIFECYCLE_DOCUMENT, parseStoredRules } from '../../ilm/lifecycle-rules.js'
import { sendXml } from '../../response/send.js'

/** GetBucketLifecycleConfiguration: the bucket's rules, or 404 NoSuchLifecycleConfiguration. */
export const handleGetBucketLifecycle: Handler = async ({ ctx, res, route }) => {
  const text = await ctx.storage.getBucketDocument(route.bucket, LIFECYCLE_DOCUMENT)
  if (text === undefined) {
    throw new S3ServerError('NoSuchLifecycleConfiguration', 'The lifecycle configuration does not exist', {
      BucketName: route.bucket,
    })
  }
  sendXml(res, 200, renderLifecycleConfiguration(parseStoredRules(text)))
}
