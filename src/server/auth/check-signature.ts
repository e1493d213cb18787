import { createCanonicalRequest } from '../../shared/sigv4/canonical-request.js'
import type { SigV4Credential } from '../../shared/sigv4/credential.js'
import { computeSignature, signaturesEqual } from '../../shared/sigv4/signature.js'
import { createStringToSign } from '../../shared/sigv4/string-to-sign.js'
import { uriEncodePath } from '../../shared/sigv4/uri-encode.js'
import { S3ServerError } from '../errors.js'
import type { AuthContext, AuthRequest } from './auth-context.js'
import { signedHeaderBlock } from './signed-header-block.js'

/** What the header and the presigned forms of SigV4 both hand to the signature check. */
export interface SignatureClaim {
  credential: SigV4Credential
  secret: string
  amzDate: string
  signedHeaders: readonly string[]
  /** The canonical query string (for presigned URLs, without X-Amz-Signature). */
  query: string
  payloadHash: string
  signature: string
}

/**
 * Recomputes the signature of `req` from the claim and compares it in constant time; throws
 * SignatureDoesNotMatch when they differ. Returns the signing key (the seed of a chunk chain).
 *
 * @example const key = checkSignature(ctx, req, route.path, claim)
 */
export function checkSignature(
  ctx: AuthContext,
  req: AuthRequest,
  path: string,
  claim: SignatureClaim,
): Uint8Array {
  const { credential } = claim
  const canonicalRequest = createCanonicalRequest({
    method: req.method,
    uri: uriEncodePath(path),
    query: claim.query,
    headers: signedHeaderBlock(req, claim.signedHeaders),
    signedHeaders: claim.signedHeaders.join(';'),
    payloadHash: claim.payloadHash,
  })
  const stringToSign = createStringToSign(ctx.crypto, claim.amzDate, credential.scope, canonicalRequest)
  const key = ctx.keys.get(
    credential.accessKey,
    claim.secret,
    credential.date,
    credential.region,
    credential.service,
  )
  if (!signaturesEqual(computeSignature(ctx.crypto, key, stringToSign), claim.signature)) {
    throw new S3ServerError('SignatureDoesNotMatch', undefined, { AWSAccessKeyId: credential.accessKey })
  }
  return key
}
