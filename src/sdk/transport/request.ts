/** The description every S3 operation hands to the transport. */
import type { WireBody } from '../platform/types.js'

/** HTTP methods S3 operations use. */
export type S3Method = 'GET' | 'PUT' | 'POST' | 'DELETE' | 'HEAD'

/**
 * One S3 request, before addressing, region and signing.
 * @example
 * const request: S3Request = { method: 'GET', bucket: 'photos', query: { location: '' } }
 */
export interface S3Request {
  method: S3Method
  bucket?: string | undefined
  key?: string | undefined
  /**
   * Unescaped query parameters; flags such as `?location` have the value ''. An array repeats the
   * parameter (`events=a&events=b`, as ListenBucketNotification needs).
   */
  query?: Readonly<Record<string, string | string[]>> | undefined
  /** Lower-case header names. */
  headers?: Readonly<Record<string, string>> | undefined
  body?: WireBody
  /** Sign for this region instead of the configured or looked-up one (ListBuckets, CreateBucket). */
  region?: string | undefined
  signal?: AbortSignal | undefined
  /** Hears the body's bytes as they are sent (upload progress); see `WireRequest.onSent`. */
  onSent?: ((bytes: number) => void) | undefined
  /**
   * Send `UNSIGNED-PAYLOAD` over plain HTTP too: the request carries a `Content-MD5` that the
   * signature covers and the server checks, so a SHA-256 of the body would be a second hash of
   * the same bytes on both sides (UploadPart).
   */
  unsignedPayload?: boolean | undefined
}
