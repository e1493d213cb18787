import type { QueryPairs } from './canonical-query.js'
import { SIGV4_ALGORITHM } from './constants.js'
import { parseCredential, type SigV4Credential } from './credential.js'
import { SigV4Error } from './errors.js'
import { parseAmzDate } from './scope.js'

/** Longest validity S3 accepts for a presigned URL: 7 days. */
export const MAX_PRESIGNED_EXPIRES = 604_800

/** What a presigned URL carries besides its signature. */
export interface PresignedQueryInput {
  accessKey: string
  scope: string
  amzDate: string
  /** Seconds, 1..604800. */
  expires: number
  /** Sorted lower-case names joined with ';' (at least `host`). */
  signedHeaders: string
  sessionToken?: string
}

/**
 * The `X-Amz-*` query parameters of a presigned URL, without `X-Amz-Signature` (which is
 * computed over them and appended last).
 *
 * @example buildPresignedQuery({ accessKey: 'AKID', scope, amzDate, expires: 86400, signedHeaders: 'host' })
 */
export function buildPresignedQuery(input: PresignedQueryInput): Array<[string, string]> {
  const pairs: Array<[string, string]> = [
    ['X-Amz-Algorithm', SIGV4_ALGORITHM],
    ['X-Amz-Credential', `${input.accessKey}/${input.scope}`],
    ['X-Amz-Date', input.amzDate],
    ['X-Amz-Expires', String(input.expires)],
  ]
  if (input.sessionToken) pairs.push(['X-Amz-Security-Token', input.sessionToken])
  pairs.push(['X-Amz-SignedHeaders', input.signedHeaders])
  return pairs
}

/** The authentication parts of a presigned request. */
export interface ParsedPresignedQuery {
  credential: SigV4Credential
  amzDate: string
  /** Epoch milliseconds of `amzDate`. */
  signedAt: number
  expires: number
  signedHeaders: string[]
  signature: string
  sessionToken?: string
}

/** Whether the query carries presigned-URL authentication. */
export function isPresignedQuery(pairs: QueryPairs): boolean {
  return pairs.some(([name]) => name === 'X-Amz-Signature' || name === 'X-Amz-Credential')
}

const QUERY_ERROR = 'AuthorizationQueryParametersError'

/**
 * Parses the `X-Amz-*` parameters of a presigned URL. Throws SigV4Error
 * (AuthorizationQueryParametersError) naming the missing or malformed parameter.
 *
 * @example parsePresignedQuery(parseQueryString(new URL(url).search.slice(1))).credential.accessKey
 */
export function parsePresignedQuery(pairs: QueryPairs): ParsedPresignedQuery {
  const get = (name: string) => pairs.find(([n]) => n === name)?.[1]
  const need = (name: string) => {
    const v = get(name)
    if (v === undefined || v === '') throw new SigV4Error(QUERY_ERROR, `the presigned URL is missing ${name}`)
    return v
  }
  const algorithm = need('X-Amz-Algorithm')
  if (algorithm !== SIGV4_ALGORITHM) {
    throw new SigV4Error(QUERY_ERROR, `X-Amz-Algorithm must be ${SIGV4_ALGORITHM}, got '${algorithm}'`)
  }
  const credential = parseCredential(need('X-Amz-Credential'), QUERY_ERROR)
  const amzDate = need('X-Amz-Date')
  const signedAt = parseAmzDate(amzDate)
  if (signedAt === undefined)
    throw new SigV4Error(QUERY_ERROR, `X-Amz-Date '${amzDate}' is not yyyymmddThhmmssZ`)
  const expiresText = need('X-Amz-Expires')
  const expires = Number(expiresText)
  // Only the form here: a verifier checks the range (S3 answers 403 for a negative value or one
  // past MAX_PRESIGNED_EXPIRES, see verify-presigned.ts).
  if (!/^-?\d{1,15}$/.test(expiresText)) {
    throw new SigV4Error(QUERY_ERROR, `X-Amz-Expires should be a number, got '${expiresText.slice(0, 32)}'`)
  }
  const signature = need('X-Amz-Signature')
  const sessionToken = get('X-Amz-Security-Token')
  return {
    credential,
    amzDate,
    signedAt,
    expires,
    signedHeaders: need('X-Amz-SignedHeaders').split(';'),
    signature,
    ...(sessionToken ? { sessionToken } : {}),
  }
}
