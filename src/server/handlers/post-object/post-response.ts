/**
 * What a successful POST answers (S3 POST Object): a 303 to `success_action_redirect` with
 * bucket, key and ETag appended; else `success_action_status` 200 (empty), 201 (a PostResponse
 * XML document) or 204 (empty, the default).
 */
import type { ServerResponse } from 'node:http'
import { uriEncodePath } from '../../../shared/sigv4/uri-encode.js'
import { sendEmpty, sendXml } from '../../response/send.js'
import { renderXml } from '../../response/xml.js'

/** The stored object, for the answer. */
export interface PostedObject {
  bucket: string
  key: string
  etag: string
  /** Base URL of the server as the client addressed it (`http://host:port`). */
  origin: string
}

/**
 * Sends the answer the form asked for.
 * @example
 * sendPostResponse(res, fields, { bucket, key, etag, origin: 'http://localhost:9000' })
 */
export function sendPostResponse(
  res: ServerResponse,
  fields: ReadonlyMap<string, string>,
  posted: PostedObject,
): void {
  const etag = `"${posted.etag}"`
  const location = `${posted.origin}${uriEncodePath(`/${posted.bucket}/${posted.key}`)}`
  const redirect = parseRedirect(fields.get('success_action_redirect') ?? fields.get('redirect'))
  if (redirect) {
    redirect.searchParams.set('bucket', posted.bucket)
    redirect.searchParams.set('key', posted.key)
    redirect.searchParams.set('etag', etag)
    sendEmpty(res, 303, { location: redirect.toString(), etag })
    return
  }
  const status = fields.get('success_action_status')
  if (status === '201') {
    const xml = renderXml(
      'PostResponse',
      { Location: location, Bucket: posted.bucket, Key: posted.key, ETag: etag },
      false,
    )
    res.setHeader('etag', etag)
    res.setHeader('location', location)
    sendXml(res, 201, xml)
    return
  }
  sendEmpty(res, status === '200' ? 200 : 204, { etag, location })
}

// S3 ignores a redirect that is not an absolute http(s) URL and answers with the status instead.
function parseRedirect(value: string | undefined): URL | undefined {
  if (!value) return undefined
  try {
    const url = new URL(value)
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : undefined
  } catch {
    return undefined
  }
}
