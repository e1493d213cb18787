import { isPolicyError, MAX_POLICY_BYTES, parsePolicy } from '../../../shared/policy/index.js'
import { isPublicPolicy } from '../../../shared/policy/is-public-policy.js'
import { BUCKET_POLICY_DOCUMENT } from '../../auth/bucket-policies.js'
import { readPublicAccessBlock } from '../../auth/public-access-block.js'
import { readDocumentBody } from '../../body/read-document-body.js'
import type { Handler } from '../../context.js'
import { S3ServerError } from '../../errors.js'
import { sendEmpty } from '../../response/send.js'

// Room for a UTF-8 document at S3's 20 KiB limit plus some whitespace; parsePolicy enforces
// the limit itself (MalformedPolicy), past this the body is not even read.
const READ_LIMIT = MAX_POLICY_BYTES.bucket * 2

/**
 * PutBucketPolicy: validates the document as a bucket policy for this bucket (MalformedPolicy
 * naming the bad statement, e.g. `Statement[0].Resource: ... is outside bucket "photos"`),
 * stores it as the bucket's `policy` document and answers 204. It applies from the next request.
 * A public policy (`isPublicPolicy`) on a bucket with BlockPublicPolicy set is 403 AccessDenied.
 */
export const handlePutBucketPolicy: Handler = async (args) => {
  const { ctx, res, route } = args
  const text = (await readDocumentBody(args, { maxBytes: READ_LIMIT })).toString('utf8')
  if (text.trim() === '') throw new S3ServerError('MalformedPolicy', 'The bucket policy document is empty.')
  try {
    parsePolicy(text, 'bucket', route.bucket)
  } catch (e) {
    if (isPolicyError(e)) throw new S3ServerError('MalformedPolicy', `Bucket policy: ${e.message}`)
    throw e
  }
  // Block Public Access: a public policy is refused outright, as S3 (403, not MalformedPolicy).
  if ((await readPublicAccessBlock(ctx.storage, route.bucket))?.BlockPublicPolicy && isPublicPolicy(text)) {
    throw new S3ServerError(
      'AccessDenied',
      'Access Denied: the bucket blocks public policies (BlockPublicPolicy).',
    )
  }
  await ctx.storage.putBucketDocument(route.bucket, BUCKET_POLICY_DOCUMENT, text)
  sendEmpty(res, 204)
}
