/**
 * `CopySourceOptions` and `CopyDestinationOptions`: the minio-js 8 option objects of
 * `copyObject(source, dest)` and `composeObject(dest, sources)`, with their `validate()` and
 * `getHeaders()`.
 */
import { explainInvalidBucketName, explainInvalidObjectName } from '../../../shared/names.js'
import { InvalidBucketNameError, InvalidObjectNameError } from '../../errors.js'
import { escapeKey, escapeUri } from '../../transport/uri-escape.js'
import { type Encryption, encryptionHeaders } from './encryption.js'

/** Request headers as `getHeaders()` returns them. */
export type CopyHeaders = Record<string, string>

/**
 * Constructor fields of {@link CopySourceOptions} (minio-js `ICopySourceOptions`).
 * @example
 * const fields: ICopySourceOptions = { Bucket: 'photos', Object: 'a.jpg', MatchRange: true, Start: 0, End: 99 }
 */
export interface ICopySourceOptions {
  Bucket: string
  Object: string
  /** Copy this version of the source. */
  VersionID?: string
  /** Copy only if the source's ETag is this one. */
  MatchETag?: string
  /** Copy only if the source's ETag is not this one. */
  NoMatchETag?: string
  /** HTTP date (a Date is converted): copy only if the source changed since. */
  MatchModifiedSince?: string | Date | null
  /** HTTP date (a Date is converted): copy only if the source did not change since. */
  MatchUnmodifiedSince?: string | Date | null
  /** Copy only bytes `Start`..`End` (inclusive) of the source. */
  MatchRange?: boolean
  Start?: number
  End?: number
  /** SSE-C key of an encrypted source (`{type: 'SSE-C', SSECustomerKey}`). */
  Encryption?: Encryption
}

/**
 * The source of a copy or one source of a compose.
 * @example
 * const src = new CopySourceOptions({ Bucket: 'photos', Object: 'a.jpg', MatchETag: etag })
 * await client.copyObject(src, new CopyDestinationOptions({ Bucket: 'photos', Object: 'b.jpg' }))
 */
export class CopySourceOptions {
  readonly Bucket: string
  readonly Object: string
  readonly VersionID: string
  MatchETag: string
  readonly NoMatchETag: string
  readonly MatchModifiedSince: string | Date | null
  readonly MatchUnmodifiedSince: string | Date | null
  readonly MatchRange: boolean
  readonly Start: number
  readonly End: number
  readonly Encryption: Encryption | undefined

  constructor(fields: ICopySourceOptions) {
    this.Bucket = fields.Bucket
    this.Object = fields.Object
    this.VersionID = fields.VersionID ?? ''
    this.MatchETag = fields.MatchETag ?? ''
    this.NoMatchETag = fields.NoMatchETag ?? ''
    this.MatchModifiedSince = fields.MatchModifiedSince ?? null
    this.MatchUnmodifiedSince = fields.MatchUnmodifiedSince ?? null
    this.MatchRange = fields.MatchRange ?? false
    this.Start = fields.Start ?? 0
    this.End = fields.End ?? 0
    this.Encryption = fields.Encryption
  }

  /**
   * Checks the fields as minio-js does (same error classes): a valid bucket and object name,
   * `0 <= Start <= End` when a range is set, numeric Start and End.
   * @example
   * src.validate() // true, or throws InvalidObjectNameError
   */
  validate(): boolean {
    if (explainInvalidBucketName(this.Bucket) !== undefined) {
      throw new InvalidBucketNameError(`Invalid Source bucket name: ${this.Bucket}`)
    }
    if (explainInvalidObjectName(this.Object) !== undefined) {
      throw new InvalidObjectNameError(`Invalid Source object name: ${this.Object}`)
    }
    if (
      (this.MatchRange && this.Start !== -1 && this.End !== -1 && this.Start > this.End) ||
      this.Start < 0
    ) {
      throw new InvalidObjectNameError('Source start must be non-negative, and start must be at most end.')
    }
    if ((this.MatchRange && !isNumber(this.Start)) || !isNumber(this.End)) {
      throw new InvalidObjectNameError(
        'MatchRange is specified. But Invalid Start and End values are specified.',
      )
    }
    return true
  }

  /**
   * The `x-amz-copy-source` header (with `?versionId=`), the conditions and, for an SSE-C source
   * with its key, the `x-amz-copy-source-server-side-encryption-customer-*` headers. The range is
   * not a CopyObject header: copyObject and composeObject send it per part.
   * @example
   * src.getHeaders() // { 'x-amz-copy-source': 'photos/a.jpg', 'x-amz-copy-source-if-match': '…' }
   */
  getHeaders(): CopyHeaders {
    const headers: CopyHeaders = { 'x-amz-copy-source': this.copySource() }
    if (this.MatchETag) headers['x-amz-copy-source-if-match'] = this.MatchETag
    if (this.NoMatchETag) headers['x-amz-copy-source-if-none-match'] = this.NoMatchETag
    const modified = httpDate(this.MatchModifiedSince)
    if (modified) headers['x-amz-copy-source-if-modified-since'] = modified
    const unmodified = httpDate(this.MatchUnmodifiedSince)
    if (unmodified) headers['x-amz-copy-source-if-unmodified-since'] = unmodified
    Object.assign(headers, encryptionHeaders(this.Encryption, 'x-amz-copy-source-'))
    return headers
  }

  private copySource(): string {
    const path = escapeKey(`${this.Bucket}/${this.Object}`)
    return this.VersionID ? `${path}?versionId=${escapeUri(this.VersionID)}` : path
  }
}

/**
 * Constructor fields of {@link CopyDestinationOptions} (minio-js `ICopyDestinationOptions`).
 * @example
 * const fields: ICopyDestinationOptions = { Bucket: 'photos', Object: 'b.jpg', UserMetadata: { owner: 'ana' } }
 */
export interface ICopyDestinationOptions {
  Bucket: string
  Object: string
  /** Encrypt the new object: SSE-C (with its key) or `{type: 'KMS', SSEAlgorithm}`. */
  Encryption?: Encryption
  /** Replaces the source's user metadata (`x-amz-meta-*`). */
  UserMetadata?: Record<string, string | number>
  /** Tags of the new object: a query string or a record. */
  UserTags?: Record<string, string> | string
  /** `'ON'` / `'OFF'` (object lock legal hold). */
  LegalHold?: 'on' | 'off' | 'ON' | 'OFF'
  /** Retention date, ISO 8601 UTC. */
  RetainUntilDate?: string
  /** Retention mode. */
  Mode?: 'GOVERNANCE' | 'COMPLIANCE'
  /** `COPY` (keep the source's metadata) or `REPLACE`. */
  MetadataDirective?: 'COPY' | 'REPLACE'
  /** Extra request headers for the new object. */
  Headers?: Record<string, string>
}

const RETENTION_MODES = ['GOVERNANCE', 'COMPLIANCE']

/**
 * The destination of a copy or compose: where the object goes and what it carries.
 * @example
 * const dest = new CopyDestinationOptions({ Bucket: 'photos', Object: 'b.jpg', UserMetadata: { owner: 'ana' }, MetadataDirective: 'REPLACE' })
 */
export class CopyDestinationOptions {
  readonly Bucket: string
  readonly Object: string
  readonly Encryption: Encryption | undefined
  readonly UserMetadata: Record<string, string | number> | undefined
  readonly UserTags: Record<string, string> | string | undefined
  readonly LegalHold: string | undefined
  readonly RetainUntilDate: string | undefined
  readonly Mode: string | undefined
  readonly MetadataDirective: 'COPY' | 'REPLACE' | undefined
  readonly Headers: Record<string, string> | undefined

  constructor(fields: ICopyDestinationOptions) {
    this.Bucket = fields.Bucket
    this.Object = fields.Object
    // null becomes undefined, as in minio-js
    this.Encryption = fields.Encryption ?? undefined
    this.UserMetadata = fields.UserMetadata
    this.UserTags = fields.UserTags
    this.LegalHold = fields.LegalHold
    this.RetainUntilDate = fields.RetainUntilDate
    this.Mode = fields.Mode
    this.MetadataDirective = fields.MetadataDirective
    this.Headers = fields.Headers
  }

  /**
   * The headers of the new object, as minio-js builds them: tags (`X-Amz-Tagging` with the
   * REPLACE tagging directive), lock mode / retain-until / legal hold, `X-Amz-Meta-*`, the
   * metadata directive, encryption and any extra `Headers`.
   * @example
   * new CopyDestinationOptions({ Bucket: 'b', Object: 'k', UserTags: { a: '1' } }).getHeaders()
   * // { 'X-Amz-Tagging-Directive': 'REPLACE', 'X-Amz-Tagging': 'a=1' }
   */
  getHeaders(): CopyHeaders {
    const headers: CopyHeaders = {}
    const tags = this.UserTags
    if (!isEmpty(tags)) {
      headers['X-Amz-Tagging-Directive'] = 'REPLACE'
      headers['X-Amz-Tagging'] = typeof tags === 'string' ? tags : tagQuery(tags ?? {})
    }
    if (this.Mode) headers['X-Amz-Object-Lock-Mode'] = this.Mode
    if (this.RetainUntilDate) headers['X-Amz-Object-Lock-Retain-Until-Date'] = this.RetainUntilDate
    if (this.LegalHold) headers['X-Amz-Object-Lock-Legal-Hold'] = this.LegalHold
    for (const [key, value] of Object.entries(this.UserMetadata ?? {})) {
      headers[`X-Amz-Meta-${key}`] = String(value)
    }
    if (this.MetadataDirective) headers['X-Amz-Metadata-Directive'] = this.MetadataDirective
    Object.assign(headers, encryptionHeaders(this.Encryption, 'x-amz-'))
    Object.assign(headers, this.Headers ?? {})
    return headers
  }

  /**
   * Checks the fields with minio-js's error classes: bucket and object names, UserMetadata an
   * object, Mode GOVERNANCE or COMPLIANCE, Encryption with a `type`. (minio-js 8.0.7 rejects every
   * non-empty Encryption here through an inverted emptiness check; Silo accepts a valid one.)
   * @example
   * dest.validate() // true, or throws
   */
  validate(): boolean {
    if (explainInvalidBucketName(this.Bucket) !== undefined) {
      throw new InvalidBucketNameError(`Invalid Destination bucket name: ${this.Bucket}`)
    }
    if (explainInvalidObjectName(this.Object) !== undefined) {
      throw new InvalidObjectNameError(`Invalid Destination object name: ${this.Object}`)
    }
    if (
      !isEmpty(this.UserMetadata) &&
      (typeof this.UserMetadata !== 'object' || this.UserMetadata === null)
    ) {
      throw new InvalidObjectNameError('Destination UserMetadata should be an object with key value pairs')
    }
    if (!isEmpty(this.Mode) && !RETENTION_MODES.includes(this.Mode as string)) {
      throw new InvalidObjectNameError(
        'Invalid Mode specified for destination object it should be one of [GOVERNANCE,COMPLIANCE]',
      )
    }
    if (this.Encryption !== undefined && !isValidEncryption(this.Encryption)) {
      throw new InvalidObjectNameError('Invalid Encryption configuration for destination object ')
    }
    return true
  }
}

function isValidEncryption(encryption: unknown): boolean {
  if (typeof encryption !== 'object' || encryption === null) return false
  const type = (encryption as { type?: unknown }).type
  return type === 'SSE-C' || type === 'KMS'
}

function isNumber(value: unknown): boolean {
  return typeof value === 'number'
}

/** lodash-style emptiness as minio-js checks it: empty strings, arrays and objects, null, undefined. */
function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null) return true
  if (typeof value === 'string' || Array.isArray(value)) return value.length === 0
  if (typeof value === 'object') return Object.keys(value).length === 0
  return true
}

function httpDate(value: string | Date | null): string {
  if (value instanceof Date) return value.toUTCString()
  return value ?? ''
}

/** Tags as a query string, keys sorted, values RFC 3986-encoded (query-string's `stringify`). */
function tagQuery(tags: Record<string, string>): string {
  return Object.keys(tags)
    .sort()
    .filter((key) => tags[key] !== undefined)
    .map((key) => `${escapeUri(key)}=${escapeUri(String(tags[key]))}`)
    .join('&')
}
