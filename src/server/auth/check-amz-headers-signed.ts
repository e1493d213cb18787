import { S3ServerError } from '../errors.js'
import type { AuthRequest } from './auth-context.js'

/** How a request was signed: which headers the signature covers without naming them. */
export type SigningForm = 'header' | 'presigned'

// x-amz-content-sha256 of a header-signed request is the payload line of its canonical request,
// so the signature covers it whether or not SignedHeaders names it (AWS SDKs name it anyway).
// A presigned request signs UNSIGNED-PAYLOAD instead, so there it must be named like any other.
const COVERED_WITHOUT_NAMING: Record<SigningForm, ReadonlySet<string>> = {
  header: new Set(['x-amz-content-sha256']),
  presigned: new Set(),
}

/**
 * Refuses a signed request that carries an `x-amz-*` header its signature does not cover: such
 * a header could have been added in flight, or to a presigned URL by whoever holds it, and would
 * change what the request does (`x-amz-copy-source` turns an upload into a copy of another
 * object; `x-amz-meta-*`, `x-amz-storage-class` are stored). S3 answers 403 AccessDenied with a
 * `HeadersNotSigned` element. `x-amzn-*` (e.g. `x-amzn-trace-id`) is not `x-amz-*` and never
 * changes a request. Anonymous requests are not checked: nobody signed them, and the bucket
 * policy decides what they may do, headers included. Signature Version 2 needs no check: its
 * string to sign holds every `x-amz-*` header the request carries (CanonicalizedAmzHeaders,
 * sigv2/amz-headers.ts), so one added in flight breaks the signature.
 *
 * @example checkAmzHeadersSigned(req.headers, ['host', 'x-amz-date'], 'header')
 */
export function checkAmzHeadersSigned(
  headers: AuthRequest['headers'],
  signedHeaders: readonly string[],
  form: SigningForm,
): void {
  let unsigned: string[] | undefined
  const covered = COVERED_WITHOUT_NAMING[form]
  for (const name in headers) {
    // Node lower-cases header names.
    if (!name.startsWith('x-amz-') || covered.has(name) || signedHeaders.includes(name)) continue
    if (headers[name] === undefined) continue
    unsigned ??= []
    unsigned.push(name)
  }
  if (unsigned === undefined) return
  throw new S3ServerError('AccessDenied', 'There were headers present in the request which were not signed', {
    HeadersNotSigned: unsigned.sort().join(', '),
  })
}
