import { explainInvalidBucketName } from '../../shared/names.js'
import { isS3ServerError } from '../errors.js'
import type { ObjectLayer } from '../storage/object-layer.js'
import type { CorsRule } from './cors-configuration.js'

/**
 * The bucket document holding a bucket's CORS rules, as JSON (`CorsRule[]`) checked by
 * PutBucketCors; deleted with the bucket like its other documents.
 */
export const BUCKET_CORS_DOCUMENT = 'cors'

const MAX_CACHED = 256
// Parsed rules by bucket, with the text they came from: the text is read on every browser
// request (one small document read), so rules replaced or removed with their bucket are never
// served stale; keyed by bucket, so a bucket's old texts are not kept.
const parsed = new Map<string, { text: string; rules: CorsRule[] }>()

/**
 * The CORS rules of `bucket`, or undefined when it has none, does not exist, or is not a valid
 * bucket name (then the server-wide CORS applies).
 *
 * @example const rules = await bucketCorsOf(storage, 'photos')
 */
export async function bucketCorsOf(storage: ObjectLayer, bucket: string): Promise<CorsRule[] | undefined> {
  if (bucket === '' || explainInvalidBucketName(bucket)) return undefined
  let text: string | undefined
  try {
    text = await storage.getBucketDocument(bucket, BUCKET_CORS_DOCUMENT)
  } catch (e) {
    if (isS3ServerError(e) && e.code === 'NoSuchBucket') return undefined
    throw e
  }
  if (text === undefined) return undefined
  const cached = parsed.get(bucket)
  if (cached?.text === text) return cached.rules
  const rules = JSON.parse(text) as CorsRule[]
  if (parsed.size >= MAX_CACHED) parsed.clear()
  parsed.set(bucket, { text, rules })
  return rules
}
