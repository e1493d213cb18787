import { S3ServerError } from '../../errors.js'
import type { AuthContext } from '../auth-context.js'
import { requireSecret } from '../check-scope.js'
import type { Identity } from '../credentials.js'
import { computeSignatureV2, signaturesEqualV2 } from './signature-v2.js'

/**
 * Authenticates a Signature Version 2 POST form ("Browser-based uploads using POST (AWS
 * signature version 2)"): fields `AWSAccessKeyId`, `policy` and `signature`, the signature
 * being the base64 HMAC-SHA1 of the base64 policy under the secret key (MinIO accepts these
 * forms too). `fields` has lower-case names. The policy's expiry and conditions are checked by
 * the POST handler, as for a SigV4 form. Throws InvalidArgument for a missing field,
 * InvalidAccessKeyId, SignatureDoesNotMatch.
 *
 * @example const identity = verifyPostPolicyV2(ctx.auth, form.fields)
 */
export function verifyPostPolicyV2(ctx: AuthContext, fields: ReadonlyMap<string, string>): Identity {
  const need = (name: string, shown: string) => {
    const value = fields.get(name)
    if (!value) {
      throw new S3ServerError('InvalidArgument', `The POST form is missing the field '${shown}'.`, {
        ArgumentName: shown,
      })
    }
    return value
  }
  const accessKey = need('awsaccesskeyid', 'AWSAccessKeyId')
  const policy = need('policy', 'policy')
  const signature = need('signature', 'signature')
  const secret = requireSecret(ctx.credentials.secretOf(accessKey), accessKey)
  if (!signaturesEqualV2(signature, computeSignatureV2(secret, policy))) {
    throw new S3ServerError('SignatureDoesNotMatch', 'The POST policy signature does not match.', {
      AWSAccessKeyId: accessKey,
    })
  }
  return ctx.credentials.identityOf(accessKey)
}

/**
 * Whether a POST form is signed with Signature Version 2 (`AWSAccessKeyId` / `signature`
 * fields, and no SigV4 `x-amz-signature`).
 *
 * @example isPostFormV2(form.fields) // true for { awsaccesskeyid, policy, signature }
 */
export function isPostFormV2(fields: ReadonlyMap<string, string>): boolean {
  return !fields.has('x-amz-signature') && (fields.has('awsaccesskeyid') || fields.has('signature'))
}
