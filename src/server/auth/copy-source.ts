import { explainInvalidBucketName, explainInvalidObjectName } from '../../shared/names.js'
import { S3ServerError } from '../errors.js'
import { isVersionId } from '../storage/common/version-id.js'

/** The object an `x-amz-copy-source` header names. */
export interface CopySource {
  bucket: string
  key: string
  versionId?: string
}

/**
 * Parses `x-amz-copy-source` (`bucket/key` or `/bucket/key`, URL-encoded, optionally
 * `?versionId=`). Throws InvalidArgument naming the header when it is malformed.
 *
 * @example parseCopySource('/photos/2024%2Fa.jpg') // { bucket: 'photos', key: '2024/a.jpg' }
 */
export function parseCopySource(header: string | string[] | undefined): CopySource {
  if (typeof header !== 'string' || header === '') throw invalid('is missing')
  const q = header.indexOf('?')
  const path = q === -1 ? header : header.slice(0, q)
  let decoded: string
  try {
    decoded = decodeURIComponent(path)
  } catch {
    throw invalid('is not valid percent-encoded UTF-8')
  }
  const trimmed = decoded.startsWith('/') ? decoded.slice(1) : decoded
  const slash = trimmed.indexOf('/')
  if (slash <= 0 || slash === trimmed.length - 1) throw invalid('must be <bucket>/<key>')
  const source: CopySource = { bucket: trimmed.slice(0, slash), key: trimmed.slice(slash + 1) }
  // Checked here, before any store sees them: LMDB refuses keys past its limit with a RangeError
  // (a 500), found by test/property/copy-source.property.test.ts.
  const badName = explainInvalidBucketName(source.bucket) ?? explainInvalidObjectName(source.key)
  if (badName) throw invalid(`names no valid object: ${badName}`)
  const versionId = q === -1 ? null : new URLSearchParams(header.slice(q + 1)).get('versionId')
  if (versionId !== null) {
    // An empty or malformed version ID is refused before any lookup (as S3: InvalidArgument).
    if (!isVersionId(versionId)) throw invalid(`names no valid version (versionId=${versionId})`)
    source.versionId = versionId
  }
  return source
}

function invalid(why: string): S3ServerError {
  return new S3ServerError('InvalidArgument', `The x-amz-copy-source header ${why}.`, {
    ArgumentName: 'x-amz-copy-source',
  })
}
