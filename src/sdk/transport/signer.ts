/**
 * SigV4 header signing, composed from the pure steps in src/shared/sigv4 that AWS's test vectors
 * check and the server verifies with. One signer per client: it keeps the derived signing key per
 * day and region (the credentials are fixed for the client) and formats each second's
 * `x-amz-date` once, so a request costs one SHA-256 and one HMAC. The payload hash is computed by
 * the transport and passed in `x-amz-content-sha256`; the signer never hashes a body.
 *
 * Why not `@smithy/signature-v4`: measured per request (bench/scenarios/sdk-signing.mjs) it costs
 * several times more through its public API, and reaching the speed of this file meant patching
 * its private members. The tests sign with smithy too and compare (test/sdk/signer-cross-check.test.ts).
 */
import { canonicalHeaderValue } from '../../shared/sigv4/canonical-headers.js'
import { canonicalQueryString } from '../../shared/sigv4/canonical-query.js'
import { EMPTY_SHA256, SIGV4_ALGORITHM } from '../../shared/sigv4/constants.js'
import type { SigV4Crypto } from '../../shared/sigv4/crypto.js'
import { createCredentialScope, formatAmzDate } from '../../shared/sigv4/scope.js'
import { computeSignature } from '../../shared/sigv4/signature.js'
import { deriveSigningKey } from '../../shared/sigv4/signing-key.js'

/** Credentials of a signing client. */
export interface Credentials {
  accessKey: string
  secretKey: string
  sessionToken?: string | undefined
}

/** The parts of a request that are signed. */
export interface SignableRequest {
  method: string
  protocol: 'http:' | 'https:'
  hostname: string
  /** Escaped path, without query: already in SigV4's encoding, so it is the canonical URI as is. */
  path: string
  query: Readonly<Record<string, string | string[]>> | undefined
  /** Lower-case names, including `host` and `x-amz-content-sha256`. */
  headers: Record<string, string>
}

/** Returns the request's headers plus `authorization`, `x-amz-date` (and `x-amz-security-token`). */
export type SignRequest = (request: SignableRequest, region: string, date: Date) => Record<string, string>

/**
 * Headers left out of the signature: `content-length` (implied by the payload hash or
 * UNSIGNED-PAYLOAD, and set by fetch itself), and those AWS's SDKs never sign because proxies and
 * browsers may add or rewrite them (the list of `@smithy/signature-v4`, so both sign alike).
 */
const UNSIGNABLE = new Set([
  'authorization',
  'cache-control',
  'connection',
  'content-length',
  'expect',
  'from',
  'keep-alive',
  'max-forwards',
  'pragma',
  'referer',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'user-agent',
  'x-amzn-trace-id',
])

function isSignable(name: string): boolean {
  return !UNSIGNABLE.has(name) && !name.startsWith('proxy-') && !name.startsWith('sec-')
}

// What every request signed on one day for one region shares: the credential scope, the start
// of the Authorization value and the signing key.
interface DayRegion {
  day: string
  region: string
  scope: string
  /** `AWS4-HMAC-SHA256 Credential=<accessKey>/<scope>, SignedHeaders=` */
  authorizationHead: string
  signingKey: Uint8Array
}

/**
 * Creates the signing function for a set of credentials.
 * @example
 * const sign = createSigner({ accessKey: 'AK', secretKey: 'SK' }, platform.sigv4)
 * const headers = sign(request, 'us-east-1', new Date())
 */
export function createSigner(credentials: Credentials, crypto: SigV4Crypto): SignRequest {
  const { accessKey, secretKey, sessionToken } = credentials
  const keys = new Map<string, DayRegion>()
  let last: DayRegion | undefined
  let second = Number.NaN
  let amzDate = ''
  let day = ''

  // The key changes once a day per region; dates move on and old keys are never asked for again.
  const dayRegion = (region: string): DayRegion => {
    if (last !== undefined && last.day === day && last.region === region) return last
    const id = `${day}/${region}`
    let found = keys.get(id)
    if (found === undefined) {
      if (keys.size >= 16) keys.clear()
      const scope = createCredentialScope(day, region)
      found = {
        day,
        region,
        scope,
        authorizationHead: `${SIGV4_ALGORITHM} Credential=${accessKey}/${scope}, SignedHeaders=`,
        signingKey: deriveSigningKey(crypto, secretKey, day, region),
      }
      keys.set(id, found)
    }
    last = found
    return found
  }

  return (request, region, date) => {
    const at = Math.floor(date.getTime() / 1000)
    if (at !== second) {
      amzDate = formatAmzDate(date)
      day = amzDate.slice(0, 8)
      second = at
    }
    const scoped = dayRegion(region)
    // One pass over the caller's headers: copy them (less any old signature) and pick the signed
    // names; the canonical block and the SignedHeaders list are then built in one loop.
    const source = request.headers
    const headers: Record<string, string> = {}
    const names: string[] = []
    for (const name in source) {
      if (name === 'authorization') continue
      headers[name] = source[name]!
      if (isSignable(name)) names.push(name)
    }
    if (headers['x-amz-date'] === undefined) names.push('x-amz-date')
    headers['x-amz-date'] = amzDate
    if (sessionToken) {
      if (headers['x-amz-security-token'] === undefined) names.push('x-amz-security-token')
      headers['x-amz-security-token'] = sessionToken
    }
    names.sort()
    let canonical = ''
    let signedHeaders = ''
    for (let i = 0; i < names.length; i++) {
      const name = names[i]!
      canonical += `${name}:${canonicalHeaderValue(headers[name])}\n`
      signedHeaders += i === 0 ? name : `;${name}`
    }
    const query = request.query === undefined ? '' : canonicalQueryString(toPairs(request.query))
    const payloadHash = headers['x-amz-content-sha256'] ?? EMPTY_SHA256
    const canonicalRequest = `${request.method}\n${request.path}\n${query}\n${canonical}\n${signedHeaders}\n${payloadHash}`
    const stringToSign = `${SIGV4_ALGORITHM}\n${amzDate}\n${scoped.scope}\n${crypto.sha256Hex(canonicalRequest)}`
    headers['authorization'] =
      `${scoped.authorizationHead}${signedHeaders}, Signature=${computeSignature(crypto, scoped.signingKey, stringToSign)}`
    return headers
  }
}

// A repeated parameter (`events=a&events=b`) is one pair per value.
function toPairs(query: Readonly<Record<string, string | string[]>>): Array<[string, string]> {
  const pairs: Array<[string, string]> = []
  for (const name in query) {
    const value = query[name]!
    if (typeof value === 'string') pairs.push([name, value])
    else for (const item of value) pairs.push([name, item])
  }
  return pairs
}
