import type { IncomingHttpHeaders } from 'node:http'
import { CHECKSUM_ALGORITHMS, CHECKSUM_PREFIX } from '../../body/checksum-algorithms.js'
import type { VerifiedChecksum } from '../../body/request-body.js'
import type { ObjectInfo } from '../../storage/object-layer.js'

/**
 * The headers a verified flexible checksum is stored as, and answered with on PutObject /
 * UploadPart: `{ 'x-amz-checksum-crc32': 'ZCisaA==' }`; none before the body has matched.
 */
export function verifiedChecksumHeaders(checksum: VerifiedChecksum | undefined): Record<string, string> {
  return checksum?.value === undefined ? {} : { [checksum.header]: checksum.value }
}

/**
 * The `Checksum*` XML fields of checksum headers (ListParts, CompleteMultipartUpload,
 * GetObjectAttributes): `{ 'x-amz-checksum-crc32': 'v' }` → `{ ChecksumCRC32: 'v' }`.
 */
export function checksumFields(headers: Record<string, string> | undefined): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [suffix, algorithm] of Object.entries(CHECKSUM_ALGORITHMS)) {
    const value = headers?.[CHECKSUM_PREFIX + suffix]
    if (value !== undefined) out[`Checksum${algorithm.name}`] = value
  }
  return out
}

/** Whether a stored header is a flexible checksum (sent only with `x-amz-checksum-mode: ENABLED`). */
export function isChecksumHeader(name: string): boolean {
  return name.startsWith(CHECKSUM_PREFIX)
}

/**
 * The stored checksum for a GET / HEAD response: only when asked with
 * `x-amz-checksum-mode: ENABLED` and the whole object is answered (as S3: a range has no
 * checksum of its own), with its `x-amz-checksum-type` (FULL_OBJECT unless stored otherwise).
 *
 * @example res.writeHead(200, { ...objectHeaders(info), ...checksumResponseHeaders(info, req.headers, true) })
 */
export function checksumResponseHeaders(
  info: ObjectInfo,
  request: IncomingHttpHeaders,
  wholeObject: boolean,
): Record<string, string> {
  if (!wholeObject || request['x-amz-checksum-mode']?.toString().toUpperCase() !== 'ENABLED') return {}
  const out: Record<string, string> = {}
  for (const [name, value] of Object.entries(info.headers)) {
    if (isChecksumHeader(name)) out[name] = value
  }
  // A multipart object stores its type (COMPOSITE); a single-part checksum is of the whole object.
  if (Object.keys(out).length > 0) out['x-amz-checksum-type'] ??= 'FULL_OBJECT'
  return out
}
