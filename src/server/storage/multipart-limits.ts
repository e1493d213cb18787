/**
 * S3's multipart limits (Amazon S3 multipart upload limits), shared by the handlers that parse
 * requests and the backends that enforce them.
 */
export const MULTIPART_LIMITS = {
  /** Part numbers are 1..10,000. */
  maxPartNumber: 10_000,
  /** Every part but the last must be at least 5 MiB. */
  minPartSize: 5 * 1024 ** 2,
  /** One part is at most 5 GiB. */
  maxPartSize: 5 * 1024 ** 3,
  /** A completed object is at most 5 TiB. */
  maxObjectSize: 5 * 1024 ** 4,
} as const
