/**
 * Turns a non-2xx response into an `S3Error`: from the `<Error>` XML body when there is one, else
 * (HEAD responses, proxies) from the status code and any `x-minio-error-code` header.
 */
import { isS3ErrorCode, S3_ERRORS } from '../../shared/errors/catalogue.js'
import { S3Error } from '../errors.js'
import type { WireResponse } from '../platform/types.js'
import { parseXml, textOf, type XmlValue } from './xml.js'

/** What the failing request was about, for the error's fields. */
export interface ErrorContext {
  method: string
  bucket?: string | undefined
  key?: string | undefined
}

// Codes for bodiless errors (HEAD). 404 stays `NotFound`, as minio-js and the AWS SDK report it,
// because without a body a missing key and a missing bucket look the same.
const STATUS_CODES: Record<number, string> = {
  301: 'MovedPermanently',
  304: 'NotModified',
  307: 'TemporaryRedirect',
  400: 'BadRequest',
  403: 'AccessDenied',
  404: 'NotFound',
  405: 'MethodNotAllowed',
  409: 'Conflict',
  412: 'PreconditionFailed',
  416: 'InvalidRange',
  501: 'NotImplemented',
  503: 'SlowDown',
}

/**
 * Reads a failed response and builds its `S3Error`.
 * @example
 * if (res.status >= 300) throw await parseErrorResponse(res, { method: 'GET', bucket, key })
 */
export async function parseErrorResponse(res: WireResponse, context: ErrorContext): Promise<S3Error> {
  let text = ''
  if (context.method === 'HEAD') await res.discard()
  else text = await res.text().catch(() => '')
  const xml = text.includes('<Error') ? await tryParseError(text) : undefined
  const code = textOf(xml, 'Code') || header(res, 'x-minio-error-code') || statusCode(res.status)
  const message =
    textOf(xml, 'Message') || header(res, 'x-minio-error-desc') || defaultMessage(code, res.status, context)
  return new S3Error(message, {
    code,
    statusCode: res.status,
    requestId: textOf(xml, 'RequestId') || header(res, 'x-amz-request-id'),
    hostId: textOf(xml, 'HostId') || header(res, 'x-amz-id-2'),
    resource: textOf(xml, 'Resource') || undefined,
    bucketName: textOf(xml, 'BucketName') || context.bucket,
    key: textOf(xml, 'Key') || context.key,
    region: textOf(xml, 'Region') || header(res, 'x-amz-bucket-region'),
  })
}

async function tryParseError(text: string): Promise<XmlValue | undefined> {
  try {
    return await parseXml(text, 'Error')
  } catch {
    return undefined
  }
}

function header(res: WireResponse, name: string): string | undefined {
  const value = res.headers[name]
  return typeof value === 'string' && value !== '' ? value : undefined
}

function statusCode(status: number): string {
  return STATUS_CODES[status] ?? (status >= 500 ? 'InternalError' : 'UnknownError')
}

function defaultMessage(code: string, status: number, context: ErrorContext): string {
  if (code === 'NotFound') {
    return context.key === undefined
      ? `Bucket "${context.bucket}" not found`
      : `Object "${context.key}" not found in bucket "${context.bucket}"`
  }
  if (isS3ErrorCode(code)) return S3_ERRORS[code].message
  return `${context.method} failed with HTTP status ${status}`
}
