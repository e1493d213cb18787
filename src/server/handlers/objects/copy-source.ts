import { explainInvalidBucketName, explainInvalidObjectName } from '../../../shared/names.js'
import { uriDecode } from '../../../shared/sigv4/uri-encode.js'
import { S3ServerError } from '../../errors.js'

/** The object an `x-amz-copy-source` header names. */
export interface CopySource {
  bucket: string
  key: string
}

/**
 * Parses `x-amz-copy-source`: `[/]bucket/key`, URL-encoded, optionally followed by
 * `?versionId=…` (tolerated and ignored: there is one version of each object).
 *
 * @example parseCopySource('/photos/2024%2Fcat%20one.jpg?versionId=null') // { bucket: 'photos', key: '2024/cat one.jpg' }
 */
export function parseCopySource(header: string | string[] | undefined): CopySource {
  if (typeof header !== 'string' || header === '') throw invalidSource('x-amz-copy-source is missing')
  const raw = header.split('?', 1)[0]!.replace(/^\//, '')
  let decoded: string
  try {
    decoded = uriDecode(raw)
  } catch {
    throw invalidSource('x-amz-copy-source is not valid percent-encoded UTF-8')
  }
  const slash = decoded.indexOf('/')
  const bucket = slash < 0 ? decoded : decoded.slice(0, slash)
  const key = slash < 0 ? '' : decoded.slice(slash + 1)
  if (key === '')
    throw invalidSource('Copy Source must mention the source bucket and key: sourcebucket/sourcekey')
  const bucketProblem = explainInvalidBucketName(bucket)
  if (bucketProblem) throw invalidSource(`the copy source bucket is not valid: ${bucketProblem}`)
  if (explainInvalidObjectName(key)) throw invalidSource('the copy source key is longer than 1024 bytes')
  return { bucket, key }
}

function invalidSource(message: string): S3ServerError {
  return new S3ServerError('InvalidArgument', message, { ArgumentName: 'x-amz-copy-source' })
}
