/** Turns a failed admin response (JSON `{Code, Message, Resource, RequestId}`) into an `S3Error`. */
import { S3Error } from '../errors.js'
import type { WireResponse } from '../platform/types.js'

interface AdminErrorBody {
  Code?: unknown
  Message?: unknown
  Resource?: unknown
  RequestId?: unknown
}

/**
 * Reads a non-2xx admin response. A body that is not the admin JSON error (a proxy's page) gives
 * a code from the HTTP status, like the S3 side.
 * @example
 * if (res.status >= 300) throw await parseAdminError(res)
 */
export async function parseAdminError(res: WireResponse): Promise<S3Error> {
  const text = await res.text().catch(() => '')
  let body: AdminErrorBody = {}
  try {
    const parsed: unknown = JSON.parse(text)
    if (parsed !== null && typeof parsed === 'object') body = parsed as AdminErrorBody
  } catch {
    // not JSON: fall back on the status
  }
  const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : undefined)
  const requestId = res.headers['x-amz-request-id']
  return new S3Error(str(body.Message) ?? `admin request failed with HTTP status ${res.status}`, {
    code:
      str(body.Code) ??
      (res.status === 403 ? 'AccessDenied' : res.status >= 500 ? 'InternalError' : 'BadRequest'),
    statusCode: res.status,
    requestId: str(body.RequestId) ?? (typeof requestId === 'string' ? requestId : undefined),
    resource: str(body.Resource),
  })
}
