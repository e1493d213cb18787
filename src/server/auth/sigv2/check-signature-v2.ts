import { uriEncodePath } from '../../../shared/sigv4/uri-encode.js'
import { S3ServerError } from '../../errors.js'
import { hasNonAscii, readHeaderText } from '../../header-text.js'
import type { S3Route } from '../../router/route-request.js'
import type { AuthRequest } from '../auth-context.js'
import type { HoistedHeaders } from '../read-hoisted-headers.js'
import type { HeaderValueReading } from '../signed-header-block.js'
import { canonicalAmzHeadersV2 } from './amz-headers.js'
import { canonicalResourceV2 } from './canonical-resource.js'
import { computeSignatureV2, signaturesEqualV2 } from './signature-v2.js'
import { createStringToSignV2 } from './string-to-sign.js'

/** What the header and the query forms of SigV2 both hand to the signature check. */
export interface SignatureV2Claim {
  accessKey: string
  secret: string
  signature: string
  /** The Date line(s) the signer may have used, tried in order (see verify-header-v2.ts). */
  dates: readonly DateLine[]
  /** `x-amz-*` parameters of a presigned query, signed as headers. */
  hoisted?: HoistedHeaders
}

/** A Date line of the string to sign. */
export interface DateLine {
  line: string
  /** The line holds x-amz-date's value, so the header is not repeated among the x-amz-* lines. */
  withoutAmzDate?: boolean
}

/** The parts of a route a V2 signature covers. */
export type V2Route = Pick<S3Route, 'path' | 'encodedPath' | 'query' | 'bucket' | 'key' | 'virtualHost'>

const AS_SENT: HeaderValueReading = (value) => value

/**
 * Recomputes the V2 signature of `req` and compares it in constant time; throws
 * SignatureDoesNotMatch (with the access key, as for SigV4) when no reading matches.
 *
 * @example checkSignatureV2(req, route, { accessKey, secret, signature, dates: [{ line: req.headers.date }] })
 */
export function checkSignatureV2(req: AuthRequest, route: V2Route, claim: SignatureV2Claim): void {
  const resources = resourceReadings(route)
  const md5 = headerText(req.headers['content-md5'])
  const type = headerText(req.headers['content-type'])
  for (const [read, amzHeaders] of readings(req, claim.hoisted, type)) {
    for (const date of claim.dates) {
      for (const resource of resources) {
        const stringToSign = createStringToSignV2({
          method: req.method,
          contentMd5: md5,
          contentType: read(type),
          date: date.line,
          amzHeaders: date.withoutAmzDate ? withoutAmzDate(amzHeaders) : amzHeaders,
          resource,
        })
        if (signaturesEqualV2(claim.signature, computeSignatureV2(claim.secret, stringToSign))) return
      }
    }
  }
  throw new S3ServerError('SignatureDoesNotMatch', undefined, { AWSAccessKeyId: claim.accessKey })
}

/**
 * The CanonicalizedResource, and for a path-style bucket request sent as `/bucket` also
 * `/bucket/`: botocore signs bucket operations with a trailing slash whichever it sends (its
 * `auth_path`), as S3's virtual-host form `/` reads. Both name the same bucket.
 */
function resourceReadings(route: V2Route): string[] {
  const encodedPath = route.encodedPath ?? uriEncodePath(route.path)
  const base = { query: route.query, ...(route.virtualHost ? { virtualHostBucket: route.bucket } : {}) }
  const resource = canonicalResourceV2({ ...base, encodedPath })
  if (route.virtualHost || route.key !== '' || route.bucket === '' || encodedPath.endsWith('/'))
    return [resource]
  return [resource, canonicalResourceV2({ ...base, encodedPath: `${encodedPath}/` })]
}

// Header values hold no line breaks, so each header is one line.
function withoutAmzDate(amzHeaders: string): string {
  return amzHeaders
    .split('\n')
    .filter((line) => !line.startsWith('x-amz-date:'))
    .join('\n')
}

function headerText(value: string | string[] | undefined): string {
  return typeof value === 'string' ? value : ''
}

/**
 * Header values past ASCII are read as the UTF-8 text their bytes spell, then as the latin-1
 * chars Node hands over, as SigV4 does (check-signature.ts): both readings are of the same
 * bytes, so neither lets a request change unsigned.
 */
function readings(
  req: AuthRequest,
  hoisted: HoistedHeaders | undefined,
  type: string,
): Array<[HeaderValueReading, string]> {
  const asSent = canonicalAmzHeadersV2(req, hoisted)
  if (!hasNonAscii(asSent) && !hasNonAscii(type)) return [[AS_SENT, asSent]]
  return [
    [readHeaderText, canonicalAmzHeadersV2(req, hoisted, readHeaderText)],
    [AS_SENT, asSent],
  ]
}
