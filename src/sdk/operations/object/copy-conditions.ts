/** CopyConditions: preconditions on the source of copyObject (minio-js compatible). */
/**
 * Conditions the copy source must meet; each becomes an `x-amz-copy-source-if-*` header and a
 * failed one makes the copy fail with `PreconditionFailed`.
 * @example
 * const conds = new CopyConditions()
 * conds.setMatchETag('9b2cf535f27731c974343645a3985328')
 * await client.copyObject('photos', 'copy.jpg', '/photos/a.jpg', conds)
 */
export class CopyConditions {
  /** HTTP date: copy only if the source changed since. */
  modified = ''
  /** HTTP date: copy only if the source did not change since. */
  unmodified = ''
  /** Copy only if the source ETag is this one. */
  matchETag = ''
  /** Copy only if the source ETag is not this one. */
  matchETagExcept = ''

  /**
   * Copy only if the source was modified after `date`. Not a Date → `TypeError`; an invalid Date
   * is kept as minio-js keeps it (`'Invalid Date'`, sent as is; servers ignore the condition).
   * @example
   * conds.setModified(new Date('2024-01-01'))
   */
  setModified(date: Date): void {
    this.modified = httpDate(date)
  }

  /**
   * Copy only if the source was not modified after `date` (a Date, checked as setModified).
   * @example
   * conds.setUnmodified(new Date())
   */
  setUnmodified(date: Date): void {
    this.unmodified = httpDate(date)
  }

  /**
   * Copy only if the source's ETag matches.
   * @example
   * conds.setMatchETag(etag)
   */
  setMatchETag(etag: string): void {
    this.matchETag = etag
  }

  /**
   * Copy only if the source's ETag differs.
   * @example
   * conds.setMatchETagExcept(etag)
   */
  setMatchETagExcept(etag: string): void {
    this.matchETagExcept = etag
  }

  /**
   * The request headers for the conditions that are set (unset ones are not sent, unlike
   * minio-js 7.1.3's empty if-none-match).
   * @example
   * conds.toHeaders() // { 'x-amz-copy-source-if-match': '9b2c…' }
   */
  toHeaders(): Record<string, string> {
    const headers: Record<string, string> = {}
    if (this.modified) headers['x-amz-copy-source-if-modified-since'] = this.modified
    if (this.unmodified) headers['x-amz-copy-source-if-unmodified-since'] = this.unmodified
    if (this.matchETag) headers['x-amz-copy-source-if-match'] = this.matchETag
    if (this.matchETagExcept) headers['x-amz-copy-source-if-none-match'] = this.matchETagExcept
    return headers
  }
}

function httpDate(date: unknown): string {
  if (!(date instanceof Date)) throw new TypeError('date must be of type Date')
  return date.toUTCString()
}
