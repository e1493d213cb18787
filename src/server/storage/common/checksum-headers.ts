/** Header-name prefix of the flexible checksums an object (or an upload) stores. */
const CHECKSUM_PREFIX = 'x-amz-checksum-'

/**
 * A completed upload's object headers: the upload's, without its `x-amz-checksum-*` ones (the
 * algorithm CreateMultipartUpload asked for, not a checksum of the object), plus the object's
 * checksum computed at completion.
 *
 * @example withChecksumHeaders({ 'x-amz-checksum-algorithm': 'CRC32' }, { 'x-amz-checksum-crc32': 'AAAAAA==-2' })
 */
export function withChecksumHeaders(
  headers: Record<string, string>,
  checksum: Record<string, string> = {},
): Record<string, string> {
  const kept = Object.entries(headers).filter(([name]) => !name.startsWith(CHECKSUM_PREFIX))
  return { ...Object.fromEntries(kept), ...checksum }
}
