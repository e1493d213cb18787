import { isPolicyError, MAX_POLICY_BYTES, parsePolicy } from '../../../shared/policy/index.js'
import { BUCKET_POLICY_DOCUMENT } from '../../auth/bucket-policies.js'
import { readBody } from '../../body/read-body.js'
import { openRequestBody } from '../../body/request-body.js'
import type { Handler } from '../../context.js'
import { S3ServerError } from '../../errors.js'
import { sendEmpty } from '../../response/send.js'

// Room for a UTF-8 document at the limit plus some whitespace; parsePolicy enforces the limit.
const READ_LIMIT = MAX_POLICY_BYTES.bucket * 2

/**
 * PutBucketPolicy: validates the document as a bucket policy for this bucket (MalformedPolicy
 * naming the bad statement, e.g. `Statement[0].Resource: ... is outside bucket "photos"`),
 * stores it as the bucket's `policy` document and answers 204. It applies from the next request.
 */
export const handlePutBucketPolicy: Handler = async ({ ctx, req, res, route, auth }) => {
  const { body } = openRequestBody(req, auth, ctx.auth.crypto, READ_LIMIT)
  const text = (await readBody(body, READ_LIMIT)).toString('utf8')
  if (text.trim() === '') throw new S3ServerError('MalformedPolicy', 'The bucket policy document is empty.')
  try {
    parsePolicy(text, 'bucket', route.bucket)
  } catch (e) {
    if (isPolicyError(e)) throw new S3ServerError('MalformedPolicy', `Bucket policy: ${e.message}`)
    throw e
  }
  await ctx.storage.putBucketDocument(route.bucket, BUCKET_POLICY_DOCUMENT, text)
  sendEmpty(res, 204)
}
