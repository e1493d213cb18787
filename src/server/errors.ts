import { S3_ERRORS, type S3ErrorCode } from '../shared/errors/catalogue.js'

/**
 * An error the server answers with: a catalogued S3 code, its HTTP status, and a message
 * that names what was wrong. Storage backends, auth and handlers throw it; the HTTP layer
 * renders it (XML for S3 routes, JSON for admin routes).
 */
export class S3ServerError extends Error {
  override readonly name = 'S3ServerError'
  readonly code: S3ErrorCode
  readonly status: number
  /** Extra elements rendered into the XML error body (e.g. BucketName, Key, ArgumentName). */
  readonly details: Record<string, string>
  /**
   * Response headers the answer carries besides the error body: a read that met a delete marker
   * answers `x-amz-delete-marker: true` and its `x-amz-version-id` (storage/common/version-errors.ts).
   */
  readonly headers: Record<string, string> = {}

  /**
   * `status` replaces the catalogue's only where S3 answers one code with two statuses
   * (AuthorizationQueryParametersError is 403 for an X-Amz-Expires out of range, 400 otherwise).
   */
  constructor(code: S3ErrorCode, message?: string, details: Record<string, string> = {}, status?: number) {
    super(message ?? S3_ERRORS[code].message)
    this.code = code
    this.status = status ?? S3_ERRORS[code].status
    this.details = details
  }
}

/** Guards `e` as an S3ServerError, across module copies. */
export function isS3ServerError(e: unknown): e is S3ServerError {
  return e instanceof Error && e.name === 'S3ServerError' && 'code' in e && 'status' in e
}
