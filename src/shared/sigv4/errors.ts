import type { S3ErrorCode } from '../errors/catalogue.js'

/**
 * A SigV4 input that cannot be parsed: a malformed `Authorization` header or presigned query.
 * `code` is the S3 error code a server answers with; the message names what was wrong.
 *
 * @example
 * ```ts
 * try { parseAuthorizationHeader('AWS4-HMAC-SHA256 nonsense') }
 * catch (e) { if (isSigV4Error(e)) console.log(e.code) } // 'AuthorizationHeaderMalformed'
 * ```
 */
export class SigV4Error extends Error {
  override readonly name = 'SigV4Error'
  readonly code: S3ErrorCode

  constructor(code: S3ErrorCode, message: string) {
    super(message)
    this.code = code
  }
}

/** Guards `e` as a SigV4Error, across module copies. */
export function isSigV4Error(e: unknown): e is SigV4Error {
  return e instanceof Error && e.name === 'SigV4Error' && 'code' in e
}
