import { isPublicPolicy } from '../../../shared/policy/is-public-policy.js'
import { BUCKET_POLICY_DOCUMENT } from '../../auth/bucket-policies.js'
import type { Handler } from '../../context.js'
import { S3ServerError } from '../../errors.js'
import { sendXml } from '../../response/send.js'
import { renderXml } from '../../response/xml.js'

/**
 * GetBucketPolicyStatus: whether the bucket policy is public (`isPublicPolicy`: it grants
 * everyone without a restricting condition); NoSuchBucketPolicy when there is none, as S3.
 */
export const handleGetBucketPolicyStatus: Handler = async ({ ctx, res, route }) => {
  const text = await ctx.storage.getBucketDocument(route.bucket, BUCKET_POLICY_DOCUMENT)
  if (text === undefined) {
    throw new S3ServerError('NoSuchBucketPolicy', `The bucket '${route.bucket}' has no policy.`, {
      BucketName: route.bucket,
    })
  }
  sendXml(res, 200, renderXml('PolicyStatus', { IsPublic: String(isPublicPolicy(text)) }))
}
