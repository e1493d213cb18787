/**
 * presignedPostPolicy: signs a `PostPolicy` into the URL and form fields of a browser upload
 * (S3 "Browser-based uploads using POST", SigV4): the policy gains the date, algorithm and
 * credential conditions, is base64-encoded, and signed with the day's signing key.
 */
import { SIGV4_ALGORITHM } from '../../../shared/sigv4/constants.js'
import { MAX_PRESIGNED_EXPIRES } from '../../../shared/sigv4/presigned-query.js'
import { createCredentialScope } from '../../../shared/sigv4/scope.js'
import { AnonymousRequestError, InvalidArgumentError } from '../../errors.js'
import type { Transport } from '../../transport/transport.js'
import { PostPolicy, type PostPolicyCondition } from './post-policy.js'
import type { Presigner } from './presigner.js'

/**
 * Where and what to POST: `formData` fields first, then the file as the last field (named `file`).
 * @example
 * const form = new FormData()
 * for (const [k, v] of Object.entries(formData)) form.append(k, v)
 * form.append('file', blob)
 * await fetch(postURL, { method: 'POST', body: form })
 */
export interface PostPolicyResult {
  postURL: string
  formData: Record<string, string>
}

/**
 * Signs `policy` for `transport`'s credentials; the policy itself is left unchanged.
 * @example
 * const { postURL, formData } = await presignPostPolicy(transport, presigner, policy)
 */
export async function presignPostPolicy(
  transport: Transport,
  presigner: Presigner,
  policy: unknown,
  now = new Date(),
): Promise<PostPolicyResult> {
  if (!(policy instanceof PostPolicy)) {
    throw new TypeError('presignedPostPolicy needs a PostPolicy from client.newPostPolicy()')
  }
  const { anonymous, accessKey, sessionToken } = transport.options
  if (anonymous)
    throw new AnonymousRequestError('POST policies need credentials: configure accessKey and secretKey')
  const bucket = policy.formData.bucket
  if (bucket === undefined)
    throw new InvalidArgumentError('The POST policy has no bucket: call setBucket first')
  const pending = transport.regionFor({ method: 'POST', bucket })
  const region = typeof pending === 'string' ? pending : await pending
  const amzDate = presigner.formatDate(now)
  const credential = `${accessKey}/${createCredentialScope(amzDate.slice(0, 8), region)}`
  const fields: Record<string, string> = {
    'x-amz-date': amzDate,
    'x-amz-algorithm': SIGV4_ALGORITHM,
    'x-amz-credential': credential,
  }
  if (sessionToken) fields['x-amz-security-token'] = sessionToken
  const conditions: PostPolicyCondition[] = [...policy.policy.conditions]
  for (const [name, value] of Object.entries(fields)) conditions.push(['eq', `$${name}`, value])
  const expiration =
    policy.policy.expiration ?? new Date(now.getTime() + MAX_PRESIGNED_EXPIRES * 1000).toISOString()
  const encoded = encodeBase64(JSON.stringify({ conditions, expiration }))
  const signature = presigner.sign(amzDate.slice(0, 8), region, encoded)
  const address = presigner.address(bucket)
  return {
    postURL: `${transport.options.protocol}//${address.hostHeader}${address.path}`,
    formData: { ...policy.formData, ...fields, policy: encoded, 'x-amz-signature': signature },
  }
}

function encodeBase64(text: string): string {
  let binary = ''
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte)
  return btoa(binary)
}
