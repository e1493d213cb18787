/**
 * Authenticates a POST form (SigV4 "Browser-based uploads using POST"): the credential scope
 * must match the date and region, and `x-amz-signature` must be the HMAC of the base64 policy
 * under the same signing key header-signed requests use. A Signature Version 2 form
 * (`AWSAccessKeyId`, `signature`) is verified by verifyPostPolicyV2. A form without policy and
 * signature is anonymous (only a bucket policy can then allow it).
 */

import { SIGV4_ALGORITHM } from '../../../shared/sigv4/constants.js'
import { parseCredential } from '../../../shared/sigv4/credential.js'
import { isSigV4Error } from '../../../shared/sigv4/errors.js'
import { parseAmzDate } from '../../../shared/sigv4/scope.js'
import { computeSignature, signaturesEqual } from '../../../shared/sigv4/signature.js'
import type { AuthContext } from '../../auth/auth-context.js'
import { checkScope, requireSecret } from '../../auth/check-scope.js'
import type { Identity } from '../../auth/credentials.js'
import { isPostFormV2, verifyPostPolicyV2 } from '../../auth/sigv2/verify-post-policy-v2.js'
import { S3ServerError } from '../../errors.js'

/** The identity a form authenticates as, or `undefined` for an anonymous form. */
export function verifyPostSignature(
  ctx: AuthContext,
  fields: ReadonlyMap<string, string>,
): Identity | undefined {
  if (isPostFormV2(fields)) return verifyPostPolicyV2(ctx, fields)
  const policy = fields.get('policy')
  const signature = fields.get('x-amz-signature')
  if (policy === undefined && signature === undefined) return undefined
  const need = (name: string) => {
    const value = fields.get(name)
    if (!value)
      throw new S3ServerError('InvalidArgument', `The POST form is missing the field '${name}'.`, {
        ArgumentName: name,
      })
    return value
  }
  const algorithm = need('x-amz-algorithm')
  if (algorithm !== SIGV4_ALGORITHM) {
    throw new S3ServerError(
      'InvalidArgument',
      `x-amz-algorithm must be ${SIGV4_ALGORITHM}, got '${algorithm}'.`,
    )
  }
  const credential = parseOrThrow(need('x-amz-credential'))
  const amzDate = need('x-amz-date')
  if (parseAmzDate(amzDate) === undefined) {
    throw new S3ServerError('InvalidArgument', `x-amz-date '${amzDate}' is not yyyymmddThhmmssZ.`)
  }
  const secret = requireSecret(ctx.credentials.secretOf(credential.accessKey), credential.accessKey)
  checkScope(credential, amzDate, ctx.region, 'InvalidArgument')
  const key = ctx.keys.get(
    credential.accessKey,
    secret,
    credential.date,
    credential.region,
    credential.service,
  )
  if (!signaturesEqual(computeSignature(ctx.crypto, key, need('policy')), need('x-amz-signature'))) {
    throw new S3ServerError('SignatureDoesNotMatch', 'The POST policy signature does not match.', {
      AWSAccessKeyId: credential.accessKey,
    })
  }
  return ctx.credentials.identityOf(credential.accessKey)
}

function parseOrThrow(value: string) {
  try {
    return parseCredential(value, 'InvalidArgument')
  } catch (e) {
    if (isSigV4Error(e)) throw new S3ServerError('InvalidArgument', e.message)
    throw e
  }
}
