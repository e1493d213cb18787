/** The parts of a request a Signature Version 2 string to sign is made of. */
export interface StringToSignV2Input {
  method: string
  contentMd5: string
  contentType: string
  /** The Date header, '' when x-amz-date stands for it, or Expires (epoch seconds) when presigned. */
  date: string
  /** `name:value` lines of the x-amz-* headers (canonicalAmzHeadersV2), '' when none. */
  amzHeaders: string
  /** canonicalResourceV2. */
  resource: string
}

/**
 * `Method\nContent-MD5\nContent-Type\nDate\n` + CanonicalizedAmzHeaders + CanonicalizedResource,
 * as AWS's "Signing and authenticating REST requests" (Signature Version 2) lays it out.
 *
 * @example createStringToSignV2({ method: 'GET', contentMd5: '', contentType: '', date: '1175139620', amzHeaders: '', resource: '/b/k' })
 * // 'GET\n\n\n1175139620\n/b/k'
 */
export function createStringToSignV2(input: StringToSignV2Input): string {
  const amz = input.amzHeaders === '' ? '' : `${input.amzHeaders}\n`
  return `${input.method}\n${input.contentMd5}\n${input.contentType}\n${input.date}\n${amz}${input.resource}`
}
