import { createCanonicalRequest } from '../../shared/sigv4/canonical-request.js'
import type { SigV4Credential } from '../../shared/sigv4/credential.js'
import { computeSignature, signaturesEqual } from '../../shared/sigv4/signature.js'
import { createStringToSign } from '../../shared/sigv4/string-to-sign.js'
import { uriEncodePath } from '../../shared/sigv4/uri-encode.js'
import { S3ServerError } from '../errors.js'
import { hasNonAscii, readHeaderText } from '../header-text.js'
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
  const key = ctx.keys.get(
    credential.accessKey,
    claim.secret,
    credential.date,
    credential.region,
    credential.service,
  )
  for (const headers of headerBlockReadings(req, claim.signedHeaders)) {
    const canonicalRequest = createCanonicalRequest({
      method: req.method,
      uri: uriEncodePath(path),
      query: claim.query,
      headers,
      signedHeaders: claim.signedHeaders.join(';'),
      payloadHash: claim.payloadHash,
    })
    const stringToSign = createStringToSign(ctx.crypto, claim.amzDate, credential.scope, canonicalRequest)
    if (signaturesEqual(computeSignature(ctx.crypto, key, stringToSign), claim.signature)) return key
  }
  throw new S3ServerError('SignatureDoesNotMatch', undefined, { AWSAccessKeyId: credential.accessKey })
}

/**
 * The ways a signer may have read the signed header block. Node hands header values over as
 * latin-1 (one char per byte) and the canonical request is hashed as UTF-8, so a value holding
 * bytes past ASCII is read first as the bytes sent taken as UTF-8 text (botocore, the AWS SDKs,
 * Go and curl sign and send UTF-8; issue 19), then as those latin-1 chars (a signer that signed
 * chars up to U+00FF as UTF-8 but sent them as latin-1, as Node's http does with a string
 * header). Both readings are of the same bytes, so neither lets a request change unsigned.
 */
function headerBlockReadings(req: AuthRequest, signedHeaders: readonly string[]): string[] {
  const asSent = signedHeaderBlock(req, signedHeaders)
  if (!hasNonAscii(asSent)) return [asSent]
  return [signedHeaderBlock(req, signedHeaders, readHeaderText), asSent]
}
