import { type CompiledPolicy, parsePolicy } from '../../shared/policy/index.js'
import { isPublicPolicy } from '../../shared/policy/is-public-policy.js'
import { isS3ServerError } from '../errors.js'
import type { ObjectLayer } from '../storage/object-layer.js'

/** The bucket document holding a bucket's policy JSON. */
export const BUCKET_POLICY_DOCUMENT = 'policy'

const MAX_CACHED = 256
// Compiled policies by bucket and text: the text is read on every request (a cheap LMDB get),
// so a policy replaced or removed with its bucket can never be served stale from here.
const compiled = new Map<string, CompiledPolicy>()
// Whether each compiled policy is public (Block Public Access), judged once with its compiling.
const publicPolicies = new WeakSet<CompiledPolicy>()

/**
 * The compiled policy of `bucket`, or undefined when it has none or does not exist.
 *
 * @example const policy = await bucketPolicyOf(storage, 'photos')
 */
export async function bucketPolicyOf(
  storage: ObjectLayer,
  bucket: string,
): Promise<CompiledPolicy | undefined> {
  let text: string | undefined
  try {
    text = await storage.getBucketDocument(bucket, BUCKET_POLICY_DOCUMENT)
  } catch (e) {
    if (isS3ServerError(e) && e.code === 'NoSuchBucket') return undefined
    throw e
  }
  if (text === undefined) return undefined
  const id = `${bucket}\0${text}`
  let policy = compiled.get(id)
  if (policy === undefined) {
    policy = parsePolicy(text, 'bucket', bucket)
    if (isPublicPolicy(text)) publicPolicies.add(policy)
    if (compiled.size >= MAX_CACHED) compiled.clear()
    compiled.set(id, policy)
  }
  return policy
}

/**
 * Whether a policy {@link bucketPolicyOf} returned grants public access (`isPublicPolicy` of its
 * text), without parsing the text again.
 *
 * @example if (policy && isPublicBucketPolicy(policy)) ...
 */
export function isPublicBucketPolicy(policy: CompiledPolicy): boolean {
  return publicPolicies.has(policy)
}
