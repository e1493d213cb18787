import { createHmac } from 'node:crypto'

// A Signature Version 2 signer written from AWS's "Signing and authenticating REST requests"
// (Amazon S3 developer guide), independent of the server's verifier under test.

/** The sub-resources AWS's guide says to include in CanonicalizedResource, and the response overrides. */
const SUBRESOURCES = new Set([
  'acl',
  'delete',
  'lifecycle',
  'location',
  'logging',
  'notification',
  'partNumber',
  'policy',
  'requestPayment',
  'tagging',
  'torrent',
  'uploadId',
  'uploads',
  'versionId',
  'versioning',
  'versions',
  'website',
  'response-content-type',
  'response-content-language',
  'response-expires',
  'response-cache-control',
  'response-content-disposition',
  'response-content-encoding',
])

export interface V2Request {
  method: string
  /** `/bucket/key?query` as sent (already percent-encoded). */
  target: string
  headers: Record<string, string>
  /** For a virtual-host request: the bucket, signed in front of the path. */
  bucket?: string
}

/** The V2 string to sign; `dateLine` replaces the Date header's value (presigned: Expires). */
export function stringToSignV2(req: V2Request, dateLine?: string): string {
  const lower: Record<string, string> = {}
  for (const [k, v] of Object.entries(req.headers)) lower[k.toLowerCase()] = v
  const amz = Object.keys(lower)
    .filter((k) => k.startsWith('x-amz-'))
    .sort()
    .map((k) => `${k}:${lower[k]?.trim()}\n`)
    .join('')
  const [path = '', query] = req.target.split('?', 2)
  let resource = (req.bucket ? `/${req.bucket}` : '') + path
  if (query) {
    const subs = query
      .split('&')
      .map((p) => {
        const eq = p.indexOf('=')
        return eq === -1 ? [p, ''] : [p.slice(0, eq), decodeURIComponent(p.slice(eq + 1))]
      })
      .filter(([name]) => SUBRESOURCES.has(name as string))
      .sort(([a], [b]) => ((a as string) < (b as string) ? -1 : 1))
      .map(([n, v]) => (v === '' ? n : `${n}=${v}`))
    if (subs.length > 0) resource += `?${subs.join('&')}`
  }
  const date = dateLine ?? lower.date ?? ''
  return `${req.method}\n${lower['content-md5'] ?? ''}\n${lower['content-type'] ?? ''}\n${date}\n${amz}${resource}`
}

export function hmacSha1Base64(secret: string, text: string): string {
  return createHmac('sha1', secret).update(text, 'utf8').digest('base64')
}

/** The `Authorization: AWS AKID:signature` header of `req`. */
export function authorizationV2(
  req: V2Request,
  accessKey: string,
  secretKey: string,
  dateLine?: string,
): string {
  return `AWS ${accessKey}:${hmacSha1Base64(secretKey, stringToSignV2(req, dateLine))}`
}

/** `req.target` with V2 query-string authentication appended, valid until `expires` (epoch seconds). */
export function presignV2(req: V2Request, accessKey: string, secretKey: string, expires: number): string {
  const signature = hmacSha1Base64(secretKey, stringToSignV2(req, String(expires)))
  const sep = req.target.includes('?') ? '&' : '?'
  return `${req.target}${sep}AWSAccessKeyId=${encodeURIComponent(accessKey)}&Expires=${expires}&Signature=${encodeURIComponent(signature)}`
}
